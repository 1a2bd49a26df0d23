// getAccessToken and destroy(): a silent sign-in answered after the client was destroyed (found
// by the model test, issue 32). A file of its own: a fresh module state and tab channels.
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SITE, server, setup, type TestWindow, TOKEN_URL, useServer } from '../test/helpers';
import { createClient } from './client';

useServer();

const CALLBACK = `${SITE}/auth/gid`;
const frameOf = (win: TestWindow) => win.document.querySelector('iframe[name="gid_silent"]') as HTMLIFrameElement | null;
const flush = async () => {
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
/** The redirect URI page inside the silent frame hands `params` over, as handleRedirectCallback does. */
const answerFrame = (win: TestWindow, frame: HTMLIFrameElement, params: Record<string, string>) =>
  win.dispatchEvent(
    new win.MessageEvent('message', {
      data: { name: 'popup_auth', url: `${CALLBACK}?${new URLSearchParams(params)}` },
      origin: SITE,
      source: frame.contentWindow as never,
    }),
  );
/** The token endpoint answers `response` only once the returned function is called. */
const heldTokenAnswer = (response: () => Response): (() => void) => {
  let answer!: () => void;
  const gate = new Promise<void>((go) => (answer = go));
  server.use(
    http.post(TOKEN_URL, async () => {
      await gate;
      return response();
    }),
  );
  return answer;
};

describe('getAccessToken never resolves an expired token', () => {
  it('getAccessToken whose silent sign-in answers after destroy() rejects ABORTED, never with the expired token it had (found by the model test)', async () => {
    const answer = heldTokenAnswer(() => HttpResponse.json({ access_token: 'at-2', expires_in: 3600 }));
    const { config, win } = setup(`${SITE}/cabinet`);
    const client = createClient(config);
    client.setTokens({ access_token: 'at-1', expires_in: 0 });
    const token = client.getAccessToken().then(
      (at) => at,
      (error) => error.code,
    );
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull(), { timeout: 5000 });
    const frame = frameOf(win) as HTMLIFrameElement;
    answerFrame(win, frame, { code: 'c', state: new URL(frame.src).searchParams.get('state') as string, scope: 'openid' });
    await flush();
    client.destroy(); // the code exchange is out: its tokens are nobody's now
    answer();
    await expect(token).resolves.toBe('ABORTED');
  });
});

describe('a destroyed client starts no silent sign-in', () => {
  it('getAccessToken whose refresh fails after destroy() rejects ABORTED and opens no silent frame (found by the model test, seed 459309690)', async () => {
    const answer = heldTokenAnswer(() => HttpResponse.json({ error: 'invalid_grant' }, { status: 400 }));
    const { config, win } = setup(`${SITE}/cabinet`);
    const client = createClient(config);
    client.setTokens({ access_token: 'at-1', refresh_token: 'rt-1', expires_in: 3600 });
    const token = client.getAccessToken({ cacheMode: 'off' }).then(
      (at) => at,
      (error) => error.code,
    );
    await flush();
    client.destroy(); // the refresh is out; its failure must not lead to a silent sign-in
    answer();
    await expect(token).resolves.toBe('ABORTED');
    await flush();
    expect(frameOf(win)).toBeNull();
  });
});
