import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { received, server, setup, TOKEN_URL, tokens, useServer } from '../test/helpers';
import { keepTokensFresh, type TokenKeeper } from './fresh';

useServer();
const keepers: TokenKeeper[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const keeper of keepers.splice(0)) keeper.stop();
});

type Callback = (lock: { name: string } | null) => Promise<unknown>;

/** Web Locks as the browser shares them between a site's tabs: one holder per name, `ifAvailable` too. */
function sharedLocks() {
  const held = new Set<string>();
  const queued: Record<string, (() => void)[]> = {};
  return {
    async request(name: string, optionsOrCallback: object | Callback, maybeCallback?: Callback) {
      const [options, callback] =
        typeof optionsOrCallback === 'function'
          ? [{}, optionsOrCallback]
          : [optionsOrCallback as { ifAvailable?: boolean }, maybeCallback as Callback];
      if (held.has(name)) {
        if ((options as { ifAvailable?: boolean }).ifAvailable) return callback(null);
        await new Promise<void>((resolve) => {
          queued[name] ??= [];
          queued[name].push(resolve);
        });
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
        queued[name]?.shift()?.();
      }
    },
  };
}

/** One tab of the site: its window (with BroadcastChannel and, if given, the shared locks) and a keeper. */
function tab(options: Parameters<typeof keepTokensFresh>[1] = {}, locks?: ReturnType<typeof sharedLocks>) {
  const s = setup();
  Object.assign(s.win, { BroadcastChannel: NodeBroadcastChannel });
  if (locks) Object.defineProperty(s.win.navigator, 'locks', { value: locks });
  const seen: (string | undefined)[] = [];
  const keeper = keepTokensFresh(s.config, { onTokens: (t) => seen.push(t?.access_token), ...options });
  keepers.push(keeper);
  return { ...s, keeper, seen };
}

/** The backend hands out a new pair per refresh token, once (refresh tokens are single-use). */
function rotatingBackend() {
  const used = new Set<string>();
  let n = 1;
  server.use(
    http.post(TOKEN_URL, async ({ request }) => {
      const body = (await request.json()) as { refresh_token: string };
      received.push({ body, headers: request.headers, request });
      if (used.has(body.refresh_token)) return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
      used.add(body.refresh_token);
      n += 1;
      return HttpResponse.json({ access_token: `at-${n}`, refresh_token: `rt-${n}`, expires_in: 3600 });
    }),
  );
}

describe('keepTokensFresh', () => {
  it('tracks expires_in: onExpiring fires leewaySeconds before expiry, not earlier', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const onExpiring = vi.fn();
    const { keeper } = tab({ onExpiring, leewaySeconds: 30, shareAcrossTabs: false });
    keeper.set({ ...tokens, expires_in: 120 });
    expect(keeper.expiresAt).toBe(Date.now() + 120_000);
    vi.advanceTimersByTime(89_000);
    expect(onExpiring).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onExpiring).toHaveBeenCalledWith(expect.objectContaining({ access_token: 'at-1' }));
  });

  it('without autoRefresh it only tells; with it, it refreshes through the backend before expiry', async () => {
    rotatingBackend();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const plain = tab({ shareAcrossTabs: false });
    plain.keeper.set({ ...tokens, expires_in: 121 });
    await vi.advanceTimersByTimeAsync(62_000);
    expect(received).toEqual([]);
    const auto = tab({ autoRefresh: true, shareAcrossTabs: false });
    auto.keeper.set({ ...tokens, expires_in: 121 });
    await vi.advanceTimersByTimeAsync(61_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(auto.keeper.tokens?.access_token).toBe('at-2'));
    expect(received.map((r) => r.body)).toEqual([{ grant_type: 'refresh_token', client_id: 'demo-site', refresh_token: 'rt-1' }]);
    expect(auto.seen).toEqual(['at-2']);
    expect(auto.results).toEqual([{ ok: true, tokens: { access_token: 'at-2', refresh_token: 'rt-2', expires_in: 3600 } }]);
    // Merged: the ID token the answer left out is kept.
    expect(auto.keeper.tokens).toMatchObject({ access_token: 'at-2', refresh_token: 'rt-2', id_token: tokens.id_token });
  });

  it('a failed automatic refresh reaches onError and keeps the tokens', async () => {
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ error: 'invalid_grant' }, { status: 400 })));
    const onError = vi.fn();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { keeper } = tab({ autoRefresh: true, onError, shareAcrossTabs: false });
    keeper.set({ ...tokens, expires_in: 60 });
    await vi.advanceTimersByTimeAsync(30_000); // half its life: it lives no longer than the leeway
    vi.useRealTimers();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'TOKEN_RESPONSE_ERROR' })));
    expect(keeper.tokens?.access_token).toBe('at-1');
  });

  it('a sign-in and a sign-out in one tab reach the others', async () => {
    const a = tab();
    const b = tab();
    a.keeper.set(tokens);
    await vi.waitFor(() => expect(b.seen).toEqual(['at-1']));
    expect(b.keeper.tokens).toEqual(tokens);
    expect(b.keeper.expiresAt).toBe(a.keeper.expiresAt);
    a.keeper.set(undefined);
    await vi.waitFor(() => expect(b.seen).toEqual(['at-1', undefined]));
    expect(a.seen).toEqual([]); // its own changes are no news to it
  });

  it('several tabs refreshing at once: one request (Web Locks), every tab gets its tokens', async () => {
    rotatingBackend();
    const locks = sharedLocks();
    const tabs = [tab({}, locks), tab({}, locks), tab({}, locks)];
    for (const t of tabs) t.keeper.set(tokens);
    const results = await Promise.all(tabs.map((t) => t.keeper.refresh()));
    expect(received).toHaveLength(1);
    expect(results.map((r) => r?.access_token)).toEqual(['at-2', 'at-2', 'at-2']);
    for (const t of tabs) expect(t.keeper.tokens?.access_token).toBe('at-2');
  });

  it('two refreshes in one tab without Web Locks share one request', async () => {
    rotatingBackend();
    const { keeper } = tab({ shareAcrossTabs: false });
    keeper.set(tokens);
    const [first, second] = await Promise.all([keeper.refresh(), keeper.refresh()]);
    expect(received).toHaveLength(1);
    expect(first?.access_token).toBe('at-2');
    expect(second?.access_token).toBe('at-2');
  });

  it('stale news from another tab never replaces newer tokens', async () => {
    const a = tab();
    const forge = new NodeBroadcastChannel('gid_tokens:demo-site');
    a.keeper.set({ ...tokens, access_token: 'at-new' });
    forge.postMessage({ tokens, when: Date.now() - 1000 });
    forge.postMessage({ tokens: { ...tokens, access_token: 'at-newer' }, when: Date.now() + 1 });
    await vi.waitFor(() => expect(a.seen).toEqual(['at-newer']));
    forge.close();
  });

  it.each(['session', 'local'] as const)('storage %s (opt-in): kept across a reload, forgotten on sign-out', (storage) => {
    const first = tab({ storage, shareAcrossTabs: false });
    first.keeper.set(tokens);
    const stored = JSON.parse(first.win[`${storage}Storage`].getItem('gid:demo-site:tokens') ?? 'null');
    expect(stored).toEqual({ tokens, expiresAt: first.keeper.expiresAt });
    // A reload: a new keeper over the same storage.
    const again = keepTokensFresh({ ...first.config }, { storage, shareAcrossTabs: false });
    keepers.push(again);
    expect(again.tokens).toEqual(tokens);
    expect(again.expiresAt).toBe(first.keeper.expiresAt);
    again.set(undefined);
    expect(first.win[`${storage}Storage`].getItem('gid:demo-site:tokens')).toBeNull();
  });

  it.each([
    ['expired, no refresh token', { ...tokens, refresh_token: undefined }, -1, undefined],
    ['expired, with a refresh token', tokens, -1, 'at-1'],
    ['fresh', tokens, 60_000, 'at-1'],
    ['not ours', { access_token: 5 }, 60_000, undefined],
  ])('a kept state that is %s', (_label, kept, inMs, expected) => {
    const { win, config } = setup();
    win.sessionStorage.setItem('gid:demo-site:tokens', JSON.stringify({ tokens: kept, expiresAt: Date.now() + inMs }));
    const keeper = keepTokensFresh(config, { storage: 'session', shareAcrossTabs: false });
    keepers.push(keeper);
    expect(keeper.tokens?.access_token).toBe(expected);
  });

  it('session storage: a sign-in another client on the page hears only after the page signed out is stale (found by the model test)', () => {
    // The page's channels, whose messages wait until delivered one by one (a busy event loop).
    const open = new Set<Held>();
    const queue: [Held, unknown][] = [];
    class Held {
      onmessage?: (event: { data: unknown }) => void;
      constructor(readonly name: string) {
        open.add(this);
      }
      postMessage(data: unknown) {
        for (const other of open) if (other !== this && other.name === this.name) queue.push([other, structuredClone(data)]);
      }
      close() {
        open.delete(this);
      }
    }
    const { win, config } = setup();
    Object.assign(win, { BroadcastChannel: Held });
    // The site's client and the function forms' client of the same page: one tab storage.
    const page = keepTokensFresh(config, { storage: 'session' });
    const seen: (string | undefined)[] = [];
    const forms = keepTokensFresh({ ...config }, { storage: 'session', onTokens: (t) => seen.push(t?.access_token) });
    keepers.push(page, forms);
    page.set(tokens);
    page.set(undefined);
    // The sign-in's message reaches the other client; it is destroyed before the sign-out's does.
    const [to, data] = queue.shift()!;
    to.onmessage?.({ data });
    forms.stop();
    expect(forms.tokens).toBeUndefined();
    expect(seen).toEqual([]);
    // A reload finds nobody signed in.
    expect(win.sessionStorage.getItem('gid:demo-site:tokens')).toBeNull();
    // A sign-in of another tab stamped after the sign-out still counts.
    const after = keepTokensFresh({ ...config }, { storage: 'session' });
    keepers.push(after);
    queue.length = 0;
    new Held('gid_tokens:demo-site').postMessage({ tokens: { ...tokens, access_token: 'at-2' }, when: Date.now() + 1000 });
    for (const [channel, message] of queue.splice(0)) channel.onmessage?.({ data: message });
    expect(after.tokens?.access_token).toBe('at-2');
    expect(page.tokens?.access_token).toBe('at-2');
  });

  it('without the opt-in nothing is stored', () => {
    const { keeper, win } = tab({ shareAcrossTabs: false });
    keeper.set(tokens);
    expect(win.sessionStorage.length + win.localStorage.length).toBe(0);
  });

  it('ignores malformed tab messages', async () => {
    const b = tab();
    const forge = new NodeBroadcastChannel('gid_tokens:demo-site');
    forge.postMessage({ tokens: { access_token: 5 }, when: Date.now() });
    forge.postMessage('signed-out');
    const a = tab();
    a.keeper.set(tokens);
    await vi.waitFor(() => expect(b.seen).toEqual(['at-1']));
    forge.close();
  });
});

describe("storage: 'local': the tabs' one storage", () => {
  it('a refresh that crosses another tab’s sign-out never writes the tokens back (the sign-out’s message still on its way)', async () => {
    // Two tabs over one localStorage; the sign-out's BroadcastChannel message has not arrived yet
    // (`shareAcrossTabs: false` stands for it being late), so the storage is all tab A can see.
    let answer: (() => void) | undefined;
    server.use(
      http.post(
        TOKEN_URL,
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(HttpResponse.json({ ...tokens, access_token: 'at-2', refresh_token: 'rt-2' }));
          }),
      ),
    );
    const a = tab({ storage: 'local', shareAcrossTabs: false });
    const b = tab({ storage: 'local', shareAcrossTabs: false });
    Object.defineProperty(b.win, 'localStorage', { value: a.win.localStorage });
    a.keeper.set(tokens);
    const refreshing = a.keeper.refresh();
    await vi.waitFor(() => expect(answer).toBeDefined());
    b.keeper.set(undefined); // tab B signs out: the shared storage forgets the tokens
    expect(a.win.localStorage.getItem('gid:demo-site:tokens')).toBeNull();
    answer!();
    expect(await refreshing).toBeUndefined();
    expect(a.win.localStorage.getItem('gid:demo-site:tokens')).toBeNull();
    // Tab A heard of the sign-out through the storage: it holds no tokens and says so.
    expect(a.keeper.tokens).toBeUndefined();
    expect(a.seen).toEqual([undefined]);
  });

  it('a sign-out read from the storage never outweighs a sign-in another tab makes in the same millisecond (the tabs agree)', async () => {
    // Found by the model test: tab A read B's sign-out from the storage and stamped it with its own
    // clock, so B's sign-in of the same millisecond looked older than it and A stayed signed out.
    vi.useFakeTimers({ toFake: ['Date'] });
    const a = tab({ storage: 'local' });
    const b = tab({ storage: 'local' });
    Object.defineProperty(b.win, 'localStorage', { value: a.win.localStorage });
    a.keeper.set(tokens); // its message to B is still on its way
    b.keeper.set(undefined); // B signs out: the storage forgets the tokens
    const refreshing = a.keeper.refresh(); // A reads the storage first: signed out
    expect(a.keeper.tokens).toBeUndefined();
    b.keeper.set({ ...tokens, access_token: 'at-2' }); // B signs in again, the same millisecond
    await refreshing;
    await vi.waitFor(() => expect(a.keeper.tokens?.access_token).toBe('at-2'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.keeper.tokens?.access_token).toBe('at-2');
    expect(a.keeper.tokens?.access_token).toBe('at-2');
  });
  it('without a shared storage: a sign-in after the clock went back five minutes still counts as newer than the sign-out it heard of', async () => {
    // Found by the model test (a backward clock jump): tab B held nothing when A's sign-out came,
    // took it as no news and kept its old stamp; after the clock went back, its sign-in was stamped
    // older than that sign-out, and A dropped it as stale. News now orders by what each tab has
    // heard, not by the wall clock alone.
    vi.useFakeTimers({ toFake: ['Date'] });
    const a = tab();
    const b = tab();
    a.keeper.set(tokens);
    await vi.waitFor(() => expect(b.keeper.tokens?.access_token).toBe(tokens.access_token));
    b.keeper.set(undefined); // B signs out; A hears of it
    await vi.waitFor(() => expect(a.keeper.tokens).toBeUndefined());
    vi.advanceTimersByTime(1000);
    a.keeper.set(undefined); // A signs out again (a second logout click): B holds nothing, no news to it
    await new Promise((resolve) => setTimeout(resolve, 20));
    vi.setSystemTime(Date.now() - 300_000); // the clock goes back five minutes
    b.keeper.set({ ...tokens, access_token: 'at-2' }); // B signs in
    await vi.waitFor(() => expect(a.keeper.tokens?.access_token).toBe('at-2'));
    expect(b.keeper.tokens?.access_token).toBe('at-2');
  });
  it('a tie between two sign-ins goes to the same one in every tab, also after one was refreshed before the other’s news came (found by the model test)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'at-4', refresh_token: 'rt-4', expires_in: 3600 })));
    const a = tab();
    a.keeper.set({ ...tokens, access_token: 'at-2', refresh_token: 'rt-2' });
    const when = Date.now();
    await a.keeper.refresh();
    expect(a.keeper.tokens?.access_token).toBe('at-4');
    // Tab B signed in in the same millisecond, its message crossing A's: B keeps its at-3 (the
    // greater access token of the two sign-ins) and drops A's refresh of at-2, so A must take at-3.
    const forge = new NodeBroadcastChannel('gid_tokens:demo-site');
    forge.postMessage({ tokens: { ...tokens, access_token: 'at-3' }, when });
    await vi.waitFor(() => expect(a.keeper.tokens?.access_token).toBe('at-3'));
    forge.close();
  });

  it('a tab loaded after a sign-out, on a clock set back, signs in: every tab takes it (the storage orders the news)', async () => {
    // The model test's backward clock jump: tab B's keeper came after A's sign-out (it never heard
    // of it, and the storage no longer held anything), so its sign-in was stamped older than that
    // sign-out and A dropped it. With one storage, what it holds is the last word.
    vi.useFakeTimers({ toFake: ['Date'] });
    const a = tab({ storage: 'local' });
    a.keeper.set(tokens);
    a.keeper.set(undefined); // A signs out: nobody else hears of it
    vi.setSystemTime(Date.now() - 300_000); // the clock goes back five minutes
    const b = tab({ storage: 'local' });
    Object.defineProperty(b.win, 'localStorage', { value: a.win.localStorage });
    b.keeper.set({ ...tokens, access_token: 'at-2' }); // B, loaded now, signs in
    await vi.waitFor(() => expect(a.keeper.tokens?.access_token).toBe('at-2'));
    expect(b.keeper.tokens?.access_token).toBe('at-2');
  });
});
