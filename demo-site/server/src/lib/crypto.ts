import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** An opaque bearer token: 256 random bits. Only its sha-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A fresh public id: 24 hex characters, the shape of the ids the site's clients already handle. */
export const newPublicId = (): string => randomBytes(12).toString('hex');

/** A public id derived from a stable key, so the seed gives the same ids on every machine. */
export const stablePublicId = (key: string): string => sha256(`gid-seed:${key}`).slice(0, 24);

/** A numeric code of `digits` digits (SMS), uniformly random. */
export const newNumericCode = (digits: number): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * scrypt at N=2^17, r=8: 128 MiB per hash (OWASP's first choice), about a quarter of a second here. Hashes
 * made with lower parameters are upgraded at the next sign-in (`hashNeedsUpgrade`).
 */
export const defaultScryptCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/** Whether a stored hash was made with a lower cost than `cost` (or is not one we understand). */
export function hashNeedsUpgrade(stored: string, cost: ScryptCost): boolean {
  const [scheme, n, r, p] = stored.split('$');
  if (scheme !== 'scrypt') return true;
  return Number(n) < cost.N || Number(r) < cost.r || Number(p) < cost.p;
}

function scryptAsync(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 32, { ...cost, maxmem: 256 * cost.N * cost.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`: the cost travels with the hash, so it can be raised later. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = defaultScryptCost,
  salt: Buffer = randomBytes(16),
): Promise<string> {
  const key = await scryptAsync(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
