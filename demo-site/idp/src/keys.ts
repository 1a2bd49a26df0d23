import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { readJson, writeJsonAtomic } from './atomic-file';

/** What the provider needs to sign tokens and cookies; lives in `<dataDir>/keys.json`, never in git. */
export interface ProviderKeys {
  /** Private RS256 signing keys; the first signs, all verify. */
  jwks: { keys: JWK[] };
  /** Cookie signing keys (keygrip): the first signs, all verify. */
  cookieKeys: string[];
}

function isProviderKeys(value: unknown): value is ProviderKeys {
  const keys = value as Partial<ProviderKeys> | undefined;
  return (
    Array.isArray(keys?.jwks?.keys) &&
    keys.jwks.keys.length > 0 &&
    Array.isArray(keys.cookieKeys) &&
    keys.cookieKeys.length > 0 &&
    keys.cookieKeys.every((key) => typeof key === 'string' && key.length >= 32)
  );
}

async function generateKeys(): Promise<ProviderKeys> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return {
    jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] },
    cookieKeys: [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')],
  };
}

/**
 * Loads the keys from the data directory, generating and saving them on first start: tokens and
 * session cookies issued before a restart stay valid after it.
 */
export async function loadOrCreateKeys(dataDir: string): Promise<ProviderKeys> {
  const file = join(dataDir, 'keys.json');
  const stored = await readJson(file);
  if (stored !== undefined) {
    if (!isProviderKeys(stored)) throw new Error(`${file} is not a valid key file; delete it to generate new keys`);
    return stored;
  }
  const keys = await generateKeys();
  await writeJsonAtomic(file, keys);
  return keys;
}
