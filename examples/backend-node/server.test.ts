import { createSign, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain JavaScript, no types (the example has no build step)
import { checkIdToken, nonceFor } from './server.mjs';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const now = 1_800_000_000_000;
const issuer = 'http://127.0.0.1:4000';
const nonce = nonceFor('v'.repeat(43));

function sign(claims: Record<string, unknown>, key = privateKey, alg = 'RS256'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${part({ alg, kid: 'k1' })}.${part(claims)}`;
  return `${head}.${createSign('sha256').update(head).sign(key).toString('base64url')}`;
}

const good = { iss: issuer, aud: 'my-shop', sub: 'u1', exp: now / 1000 + 300, nonce, name: 'Иван Петров' };
const check = (token: string) => checkIdToken(token, async () => publicKey, { issuer, clientId: 'my-shop', nonce, now });

describe('checkIdToken (examples/backend-node)', () => {
  it('returns the claims of a token that passes every check', async () => {
    expect(await check(sign(good))).toMatchObject({ sub: 'u1', name: 'Иван Петров' });
    expect(await check(sign({ ...good, aud: ['my-shop', 'x'], azp: 'my-shop' }))).toMatchObject({ sub: 'u1' });
  });

  it.each([
    ['iss', { ...good, iss: 'http://evil.example' }],
    ['aud', { ...good, aud: 'someone-else' }],
    ['azp', { ...good, aud: ['my-shop', 'x'] }],
    ['azp', { ...good, azp: 'someone-else' }],
    ['exp', { ...good, exp: now / 1000 - 31 }],
    ['nonce', { ...good, nonce: 'other' }],
  ])('refuses a token whose %s is wrong', async (claim, claims) => {
    await expect(check(sign(claims))).rejects.toMatchObject({ claim, message: `ID-токен не прошёл проверку: ${claim}` });
  });

  it('refuses a token signed with another key, or not RS256', async () => {
    await expect(check(sign(good, other.privateKey))).rejects.toMatchObject({ claim: 'signature' });
    await expect(check(sign(good, privateKey, 'none'))).rejects.toMatchObject({ claim: 'signature' });
    await expect(check('not.a.token')).rejects.toMatchObject({ claim: 'signature' });
  });
});
