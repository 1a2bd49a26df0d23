import { describe, expect, it } from 'vitest';
import { buildSocialRedirect, codeChallenge, takeSocialReturn } from './social';

const provider = { clientId: 'vk', authUrl: 'http://idp.test', authorizeUrl: 'http://idp.test/oauth2/auth' };

describe('social sign-in flow', () => {
  it('sends the browser to the authorize endpoint with the spec parameters and PKCE', async () => {
    const href = await buildSocialRedirect(provider, 'vk', 'signin', 'http://site.test');
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe('http://idp.test/oauth2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'vk',
      redirect_uri: 'http://site.test/user/auth/vk',
      response_type: 'code',
      scope: 'email',
      code_challenge_method: 'S256',
      v: '5.60',
    });
    const flow = JSON.parse(sessionStorage.getItem('gid-demo:social:vk') ?? '{}');
    expect(url.searchParams.get('state')).toBe(flow.state);
    expect(url.searchParams.get('code_challenge')).toBe(await codeChallenge(flow.verifier));
    expect(flow.verifier.length).toBeGreaterThanOrEqual(43);
  });

  it('links through /user/add/auth/{network}', async () => {
    const url = new URL(await buildSocialRedirect(provider, 'google', 'link', 'http://site.test'));
    expect(url.searchParams.get('redirect_uri')).toBe('http://site.test/user/add/auth/google');
  });

  it('accepts the return once, with the matching state', async () => {
    const url = new URL(await buildSocialRedirect(provider, 'vk', 'signin', 'http://site.test'));
    const state = url.searchParams.get('state');
    const back = takeSocialReturn('vk', 'signin', `?code=abc&state=${state}`);
    expect(back).toMatchObject({ ok: true, code: 'abc', flow: { redirectUri: 'http://site.test/user/auth/vk' } });
    expect(takeSocialReturn('vk', 'signin', `?code=abc&state=${state}`)).toEqual({ ok: false, reason: 'state' });
  });

  it('refuses a forged state, a missing flow and a sign-in flow returned to the link page', async () => {
    await buildSocialRedirect(provider, 'vk', 'signin', 'http://site.test');
    expect(takeSocialReturn('vk', 'signin', '?code=abc&state=forged')).toEqual({ ok: false, reason: 'state' });
    expect(takeSocialReturn('google', 'signin', '?code=abc&state=x')).toEqual({ ok: false, reason: 'state' });
    const url = new URL(await buildSocialRedirect(provider, 'vk', 'signin', 'http://site.test'));
    expect(takeSocialReturn('vk', 'link', `?code=abc&state=${url.searchParams.get('state')}`)).toEqual({ ok: false, reason: 'state' });
  });

  it("passes the provider's own error on", () => {
    expect(takeSocialReturn('vk', 'signin', '?error=access_denied&error_description=Отказано')).toEqual({
      ok: false,
      reason: 'error',
      description: 'Отказано',
    });
  });
});
