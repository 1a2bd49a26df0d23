import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExtraClients, parseExtraClients } from './clients';
import { type RunningIdp, startIdp } from './server';
import { relaxedSmsPolicy, tempDir } from './testing';

const MINE = { client_id: 'my-shop', redirect_uris: ['http://127.0.0.1:5173/auth/gid'] };

describe('IDP_CLIENTS file', () => {
  it('fills in the name, origin, scope and grants of a bare client', () => {
    expect(parseExtraClients([MINE])).toEqual([
      {
        client_id: 'my-shop',
        client_name: 'my-shop',
        origin: 'http://127.0.0.1:5173',
        redirect_uris: ['http://127.0.0.1:5173/auth/gid'],
        post_logout_redirect_uris: [],
        scope: 'openid profile phone offline_access',
        grant_types: ['authorization_code', 'refresh_token'],
      },
    ]);
  });

  it.each([
    [{ clients: [MINE] }, /expected an array/],
    [[{ client_id: 'my-shop' }], /redirect_uris/],
    [[{ ...MINE, redirect_uris: ['/auth/gid'] }], /redirect_uris/],
    [[{ ...MINE, scope: 'openid admin' }], /unknown scope/],
    [[{ ...MINE, secret: 'x' }], /secret/],
  ])('rejects %j with a message naming the problem', (value, message) => {
    expect(() => parseExtraClients(value)).toThrow(message);
  });

  it('names the file when it is missing or not JSON', async () => {
    const dir = await tempDir();
    try {
      await expect(loadExtraClients(join(dir.path, 'none.json'))).rejects.toThrow(/IDP_CLIENTS: cannot read .*none\.json/);
      await writeFile(join(dir.path, 'bad.json'), '[{');
      await expect(loadExtraClients(join(dir.path, 'bad.json'))).rejects.toThrow(/IDP_CLIENTS: .*bad\.json is not JSON/);
    } finally {
      await dir.remove();
    }
  });
});

describe('a provider with an extra client', () => {
  let idp: RunningIdp;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dir = await tempDir();
    idp = await startIdp({ demo: true, sms: relaxedSmsPolicy, port: 0, dataDir: dir.path, extraClients: parseExtraClients([MINE]) });
  });
  afterAll(async () => {
    await idp?.close();
    await dir?.remove();
  });

  it('serves it: listed on start, at /dev/clients, and its authorization request is accepted', async () => {
    expect(idp.clients).toContainEqual(MINE);
    const listed = await fetch(`${idp.url}/dev/clients?format=json`);
    expect(((await listed.json()) as { clients: unknown[] }).clients).toContainEqual(
      expect.objectContaining({ ...MINE, scope: 'openid profile phone offline_access' }),
    );
    const query = new URLSearchParams({
      client_id: 'my-shop',
      redirect_uri: MINE.redirect_uris[0] as string,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const auth = await fetch(`${idp.url}/oauth2/auth?${query}`, { redirect: 'manual' });
    expect(auth.status).toBe(303);
    expect(auth.headers.get('location')).not.toContain('error=');
  });

  it('refuses a client_id already in clients.json', async () => {
    await expect(
      startIdp({ port: 0, dataDir: dir.path, extraClients: parseExtraClients([{ ...MINE, client_id: 'demo-site' }]) }),
    ).rejects.toThrow(/demo-site appears twice/);
  });
});

describe('/dev/clients outside demo mode', () => {
  it('does not exist', async () => {
    const dir = await tempDir();
    const idp = await startIdp({ port: 0, dataDir: dir.path });
    try {
      expect((await fetch(`${idp.url}/dev/clients`)).status).toBe(404);
    } finally {
      await idp.close();
      await dir.remove();
    }
  });
});
