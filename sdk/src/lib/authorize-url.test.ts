import { describe, expect, it } from 'vitest';
import { AUTH, query, SITE, setup } from '../test/helpers';
import { createClient } from './client';
import { nonceFor, sha256 } from './pkce';

describe('buildAuthorizeUrl', () => {
  it('points at {authUrl}/oauth2/auth with every parameter of spec 7.1', async () => {
    const { config, win } = setup(`${SITE}/`, {
      scope: 'phone email',
      cid: 'cid-1',
      session_id: 'sess-1',
      appmetrica_device_id: 'device-1',
      product_name: 'tickets',
    });
    const url = await createClient(config).buildAuthorizeUrl({ prompt: 'login', source: 'widget', quuid: 'q-1' });
    expect(url.startsWith(`${AUTH}/oauth2/auth?`)).toBe(true);
    const flow = JSON.parse(win.sessionStorage.getItem('demo-site') ?? '{}');
    const params = query(url);
    expect(params).toEqual({
      code_challenge: await sha256(flow.code_verifier, crypto),
      code_challenge_method: 'S256',
      response_type: 'code',
      redirect_uri: `${SITE}/auth/gid`,
      client_id: 'demo-site',
      scope: 'openid phone email',
      state: flow.state,
      nonce: await nonceFor(flow.code_verifier),
      prompt: 'login',
      source: 'widget',
      sid: expect.stringMatching(/^[A-Za-z]{10}$/),
      cid: 'cid-1',
      session_id: 'sess-1',
      appmetrica_device_id: 'device-1',
      product_name: 'tickets',
      quuid: 'q-1',
    });
    expect(url).toContain('scope=openid+phone+email');
  });

  it('stores the flow data under the client id: verifier 128, state 43, gsid = hash of state', async () => {
    const { config, win } = setup();
    await createClient(config).buildAuthorizeUrl();
    const flow = JSON.parse(win.sessionStorage.getItem('demo-site') ?? '{}');
    expect(Object.keys(flow).sort()).toEqual(['code_verifier', 'gsid', 'redirect_uri', 'state']);
    expect(flow.code_verifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
    expect(flow.state).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
    expect(flow.redirect_uri).toBe(`${SITE}/auth/gid`);
    expect(flow.gsid).toBe(await sha256(flow.state, crypto));
  });

  it('leaves empty optional parameters out, and prompt/source apply to one URL only', async () => {
    const client = createClient(setup().config);
    const first = query(await client.buildAuthorizeUrl({ prompt: 'login', source: 'widget' }));
    expect(first.prompt).toBe('login');
    const second = query(await client.buildAuthorizeUrl());
    for (const name of ['prompt', 'source', 'cid', 'session_id', 'appmetrica_device_id', 'product_name', 'quuid']) {
      expect(second).not.toHaveProperty(name);
    }
    expect(second.state).not.toBe(first.state);
  });

  it.each([
    [{ prompt: 'consent_please' }, 'prompt'],
    [{ source: 'page' }, 'source'],
    [{ mode: 'iframe' }, 'mode'],
    [{ quuid: '' }, 'quuid'],
    [{ quuid: 'a b' }, 'quuid'],
  ])('rejects bad options %j with CONFIG_ERROR naming %s', async (options, field) => {
    const client = createClient(setup().config);
    await expect(client.buildAuthorizeUrl(options as never)).rejects.toMatchObject({ code: 'CONFIG_ERROR', field });
  });

  it('login() navigates to the URL (redirect mode is the default)', async () => {
    const { config, assign, win } = setup();
    await createClient(config).login();
    expect(assign).toHaveBeenCalledTimes(1);
    const params = query(assign.mock.calls[0]?.[0]);
    expect(params.state).toBe(JSON.parse(win.sessionStorage.getItem('demo-site') ?? '{}').state);
  });

  it('a new login replaces stale flow data', async () => {
    const { config, win } = setup();
    win.sessionStorage.setItem('demo-site', '{not json');
    const client = createClient(config);
    await client.login();
    const flow = JSON.parse(win.sessionStorage.getItem('demo-site') ?? '{}');
    expect(flow.code_verifier).toHaveLength(128);
  });
});
