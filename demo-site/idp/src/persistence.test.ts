import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RunningIdp, startIdp } from './server';
import { authorizeUrl, Browser, exchangeCode, refresh, relaxedSmsPolicy, signIn, tempDir } from './testing';

let dir: Awaited<ReturnType<typeof tempDir>>;
let idp: RunningIdp | undefined;

beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await idp?.close();
  await dir?.remove();
});

it('keeps keys, the session, the grant and refresh tokens across a restart', async () => {
  idp = await startIdp({ demo: true, sms: relaxedSmsPolicy, port: 0, dataDir: dir.path });
  const port = Number(new URL(idp.url).port);
  const ua = new Browser(idp.url);
  const first = await signIn(ua, idp.url, '+79990000001');
  const tokens = await exchangeCode(idp.url, first.code, first.verifier);
  const jwksBefore = await (await fetch(`${idp.url}/oauth2/jwks`)).json();
  await idp.close();

  idp = await startIdp({ demo: true, sms: relaxedSmsPolicy, port, dataDir: dir.path });
  expect(await (await fetch(`${idp.url}/oauth2/jwks`)).json()).toEqual(jwksBefore);

  const refreshed = await refresh(idp.url, String(tokens.body.refresh_token));
  expect(refreshed.status).toBe(200);

  const widget = await ua.go('/oauth2/auth/v1/requests/wafa/widget?client_id=demo-site');
  expect(widget.body).toContain('Продолжить как Иван Петров');

  // Session and consent survive: the next sign-in needs no page at all.
  const silent = await ua.go(authorizeUrl(idp.url).url);
  expect(silent.redirect?.searchParams.get('code')).toBeTruthy();
});
