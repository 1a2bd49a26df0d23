// The browser baseline (README, "Browsers"): the SDK bundled as the script tag's IIFE runs in a
// window without the APIs newer than the baseline (AbortSignal.timeout, BroadcastChannel, Web
// Locks, Temporal, structuredClone, AbortSignal.any): a redirect sign-in completes and init
// fetches the remote config. Each is used only behind a check or not at all.
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SITE, setup } from './test/helpers';

const bundle = async () => {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'GidSdk',
    target: 'es2022',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
};

/** The SDK's global in a realm whose globals are an older browser's: the newer APIs are not there. */
async function olderBrowser() {
  const sandbox: Record<string, unknown> = {
    console,
    URL,
    URLSearchParams,
    Headers,
    Response,
    AbortController,
    TextEncoder,
    TextDecoder,
    atob,
    btoa,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    crypto,
    // No AbortSignal (so no AbortSignal.timeout or .any), BroadcastChannel, Temporal, structuredClone, navigator.locks.
  };
  runInNewContext(await bundle(), sandbox);
  return sandbox.GidSdk as typeof import('./index');
}

describe('the browser baseline: no API newer than it', () => {
  it('a redirect sign-in completes and init fetches the remote config', async () => {
    const sdk = await olderBrowser();
    const asked: string[] = [];
    let n = 0;
    const fetch = async (input: RequestInfo | URL) => {
      asked.push(String(input));
      if (String(input).includes('wp-config')) return Response.json({ w_auth: false });
      n += 1;
      return Response.json({ access_token: `at-${n}`, refresh_token: `rt-${n}`, expires_in: 3600 });
    };
    const start = setup(`${SITE}/`, { fetch });
    Object.defineProperty(start.win.navigator, 'locks', { value: undefined });
    const client = sdk.createClient(start.config);
    const state = new URL(await client.buildAuthorizeUrl()).searchParams.get('state');
    const back = setup(`${SITE}/auth/gid?code=c&state=${state}&scope=openid`, { fetch, storage: 'local', autoRefresh: true });
    back.win.sessionStorage.setItem('demo-site', start.win.sessionStorage.getItem('demo-site') as string);
    Object.defineProperty(back.win.navigator, 'locks', { value: undefined });
    const gid = await sdk.init(back.config);
    expect(gid.tokens?.access_token).toBe('at-1');
    expect(asked.some((url) => url.includes('/wp-config'))).toBe(true);
    expect(back.results).toEqual([{ ok: true, tokens: { access_token: 'at-1', refresh_token: 'rt-1', expires_in: 3600 } }]);
    // A refresh without Web Locks or a tab channel.
    await expect(gid.getAccessToken({ cacheMode: 'off' })).resolves.toBe('at-2');
    gid.destroy();
    client.destroy();
  });
});
