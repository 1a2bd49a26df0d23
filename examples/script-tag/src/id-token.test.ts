// The reference backend's ID token check (issue 32): jose verifies the signature, `iss`, `aud`,
// `exp`, `azp` and `nonce`, and the error names the claim that failed.
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { checkIdToken } from './backend';

const { privateKey, publicKey } = await generateKeyPair('ES256');
const other = await generateKeyPair('ES256');
const ISSUER = 'https://id.example';
const expected = { issuer: ISSUER, clientId: 'demo-site', nonce: 'n-1' };

const token = (claims: Record<string, unknown>, key: CryptoKey = privateKey) =>
  new SignJWT({ sub: 'u-1', nonce: 'n-1', ...claims })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer((claims.iss as string) ?? ISSUER)
    .setAudience((claims.aud as string | string[]) ?? 'demo-site')
    .setExpirationTime((claims.exp as number) ?? Math.floor(Date.now() / 1000) + 300)
    .sign(key);

describe('checkIdToken', () => {
  it('accepts a good token', async () => {
    await expect(checkIdToken(await token({}), publicKey, expected)).resolves.toMatchObject({ sub: 'u-1' });
  });

  it.each([
    ['iss', { iss: 'https://evil.example' }],
    ['aud', { aud: 'another-site' }],
    ['exp', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['azp', { aud: ['demo-site', 'another-site'] }],
    ['azp', { azp: 'another-site' }],
    ['nonce', { nonce: 'n-2' }],
  ])('names the failed claim: %s', async (claim, claims) => {
    await expect(checkIdToken(await token(claims), publicKey, expected)).rejects.toMatchObject({
      claim,
      message: `ID-токен не прошёл проверку: ${claim}`,
    });
  });

  it('a token signed with another key: signature', async () => {
    await expect(checkIdToken(await token({}, other.privateKey), publicKey, expected)).rejects.toMatchObject({ claim: 'signature' });
  });
});
