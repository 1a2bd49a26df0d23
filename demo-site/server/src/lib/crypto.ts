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

/** scrypt at N=2^15, r=8: 32 MiB per hash — memory-hard, about 60 ms here. */
export const defaultScryptCost: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };

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
