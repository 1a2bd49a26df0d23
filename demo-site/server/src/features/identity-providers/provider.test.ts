import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeExchange, createIdentityProvider, nonceFor } from './provider';

// What the real idp never sends: forged, misaddressed and expired ID tokens, broken answers. A tiny
// provider here serves discovery, its keys and whatever token response a test sets.
let server: Server;
let issuer: string;
let discoveries = 0;
let tokenResponse: { status: number; body: string } = { status: 200, body: '{}' };
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let signingKey: PrivateKey;
let otherKey: PrivateKey;
const kid = 'key-1';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  server = createServer((request, response) => {
    const send = (status: number, body: string) => response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (request.url === '/.well-known/openid-configuration') {
      discoveries++;
      send(
        200,
        JSON.stringify({ issuer, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, response_types_supported: ['code'] }),
      );
    } else if (request.url === '/jwks') send(200, JSON.stringify(jwks));
    else if (request.url === '/token') request.resume().on('end', () => send(tokenResponse.status, tokenResponse.body));
    else send(404, '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const verifier = 'v'.repeat(43);
const exchange: CodeExchange = { code: 'code-1', redirectUri: 'http://site.test/auth/gid', codeVerifier: verifier, idToken: 'required' };

async function idToken(claims: JWTPayload = {}, key = signingKey): Promise<string> {
  return new SignJWT({ sub: 'person-1', nonce: nonceFor(verifier), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(typeof claims.iss === 'string' ? claims.iss : issuer)
    .setAudience(claims.aud ?? 'demo-site')
    .setIssuedAt()
    .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : '5m')
    .sign(key);
}

const tokens = (extra: Record<string, unknown>) => ({
  status: 200,
  body: JSON.stringify({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, ...extra }),
});

async function failure(input: CodeExchange = exchange) {
  const error = await createIdentityProvider({ issuer, clientId: 'demo-site' })
    .exchangeCode(input)
    .then(
      () => null,
      (e: unknown) => e,
    );
  return error as { statusCode: number; error: string; message: string } | null;
}

describe('createIdentityProvider', () => {
  it('accepts an ID token signed with the published key, for this client, with the derived nonce', async () => {
    tokenResponse = tokens({ id_token: await idToken({ phone_number: '+79990000009' }) });
    const result = await createIdentityProvider({ issuer, clientId: 'demo-site' }).exchangeCode(exchange);
    expect(result.tokens.access_token).toBe('at');
    expect(result.claims).toMatchObject({ sub: 'person-1', phone_number: '+79990000009', nonce: nonceFor(verifier) });
  });

  it.each([
    ['signed with another key', () => idToken({}, otherKey)],
    ['for another client', () => idToken({ aud: 'someone-else' })],
    ['from another issuer', () => idToken({ iss: 'http://evil.test' })],
    ['expired', () => idToken({ exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['with another nonce', () => idToken({ nonce: 'abcdefghijk' })],
    ['without a nonce', () => idToken({ nonce: undefined })],
  ])('refuses an ID token %s: 400 invalid_token', async (_label, make) => {
    tokenResponse = tokens({ id_token: await make() });
    expect(await failure()).toMatchObject({
      statusCode: 400,
      error: 'invalid_token',
      message: 'Ответ сервиса авторизации не прошёл проверку',
    });
  });

  it('without an ID token where one is required, or with a non-JSON answer: 502', async () => {
    tokenResponse = tokens({});
    expect(await failure()).toMatchObject({ statusCode: 502, error: 'server_error' });
    tokenResponse = { status: 200, body: '<html>' };
    expect(await failure()).toMatchObject({ statusCode: 502, error: 'server_error' });
  });

  it("passes the provider's refusal on (400), its outage as 502", async () => {
    tokenResponse = { status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: 'grant request is invalid' }) };
    expect(await failure()).toMatchObject({ statusCode: 400, error: 'invalid_grant', message: expect.stringMatching(/^Код авторизации/) });
    tokenResponse = { status: 503, body: JSON.stringify({ error: 'temporarily_unavailable' }) };
    expect(await failure()).toMatchObject({ statusCode: 502 });
  });

  it('plain OAuth (the social networks): no ID token needed; one without a nonce is fine', async () => {
    const social = { ...exchange, idToken: 'if-present' as const };
    tokenResponse = tokens({ user_id: 42, email: 'a@b.example' });
    expect((await createIdentityProvider({ issuer, clientId: 'demo-site' }).exchangeCode(social)).tokens).toMatchObject({ user_id: 42 });
    tokenResponse = tokens({ id_token: await idToken({ nonce: undefined }) });
    expect((await createIdentityProvider({ issuer, clientId: 'demo-site' }).exchangeCode(social)).claims?.sub).toBe('person-1');
    tokenResponse = tokens({ id_token: await idToken({ nonce: 'abcdefghijk' }) });
    expect(await failure(social)).toMatchObject({ statusCode: 400, error: 'invalid_token' });
  });

  it('a provider without discovery (VK): endpoints configured outright, plain OAuth, no discovery request', async () => {
    const before = discoveries;
    const vk = createIdentityProvider({ issuer: 'https://oauth.vk.example', clientId: 'vk', endpoints: { token: `${issuer}/token` } });
    tokenResponse = tokens({ user_id: 7, email: 'vk@b.example' });
    const result = await vk.exchangeCode({ ...exchange, idToken: 'if-present' });
    expect(result.tokens).toMatchObject({ user_id: 7, email: 'vk@b.example' });
    expect(result.claims).toBeUndefined();
    expect(discoveries).toBe(before);
    // Without published keys an ID token cannot be trusted.
    tokenResponse = tokens({ id_token: await idToken({ nonce: undefined, iss: 'https://oauth.vk.example', aud: 'vk' }) });
    await expect(vk.exchangeCode({ ...exchange, idToken: 'if-present' })).rejects.toMatchObject({ statusCode: 502 });
  });

  it('http only to a loopback issuer; an unreachable one is 502 temporarily_unavailable', async () => {
    const remote = createIdentityProvider({ issuer: 'http://idp.example', clientId: 'demo-site' });
    await expect(remote.exchangeCode(exchange)).rejects.toMatchObject({ statusCode: 502, error: 'temporarily_unavailable' });
    const down = createIdentityProvider({ issuer: 'http://127.0.0.1:9', clientId: 'demo-site' });
    await expect(down.refresh('rt')).rejects.toMatchObject({ statusCode: 502, error: 'temporarily_unavailable' });
  });
});
