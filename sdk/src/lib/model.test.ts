// Issue 21's model-based test: two tabs of one site (happy-dom windows sharing a BroadcastChannel
// bus and Web Locks), each with a client, and a backend that answers only when told. fast-check
// runs popup, redirect and silent sign-ins, getAccessToken, refresh, logout, destroy, message
// delivery, backend answers and the clock in random order, and holds the SDK to:
// - no flow spoils another's: an answer to the flow a tab stored is never a STATE_MISMATCH, and a
//   silent sign-in never touches the stored flow;
// - tokens never come back after a logout (until a sign-in starts), in a tab nor, with
//   `storage: 'local'` (half the runs: the tabs share one localStorage), in the storage;
// - at most one refresh request in flight across the tabs;
// - every promise settles, and nothing posts on a closed channel;
// and, since issue 32:
// - no code of a popup or silent sign-in started before a tab's sign-out, and no refresh token it
//   held then, reaches the backend from that tab afterwards;
// - with `storage: 'local'`, a used refresh token is never sent (a failure, not a tolerated 400),
//   and both tabs end with the same tokens or both signed out;
// - getAccessToken never resolves an expired access token.
// Since issue 37's round: popups cut off by COOP (their closed-ness unreadable: `closed` reads true
// from the moment they leave for the provider, the answer comes over the state's BroadcastChannel,
// the person's close is the opener regaining the focus), the clock jumping forward (a device that
// slept: timers run late, `Date.now()` moved on), and `storage: 'session'` (each tab its own
// storage, kept across a reload) beside memory and `local`.
// The backend answers with one of two people (a `sub` switch), or fails: an error, a dropped
// connection, a 200 with fields missing. The function forms (loginWithPopup, getAccessToken,
// loginSilently, refreshTokens, logout, getUser with a config of their own) run beside each tab's
// client, and the clock also goes back five minutes (with `storage: 'local'`). 1,000 runs per
// `npm test` on a seed that changes per run (printed with the command that replays it);
// SDK_MODEL_RUNS=20000 for a bench run.
import { createHash, webcrypto } from 'node:crypto';
import fc from 'fast-check';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH, SITE, type TestWindow } from '../test/helpers';
import { type ClientConfig, createClient, getAccessToken, getUser, on } from './client';
import { logout } from './logout';
import { loginWithPopup } from './popup';
import { loginSilently } from './silent';
import { refreshTokens } from './token';
import type { GidClient } from './types';

afterEach(() => vi.useRealTimers());

const CALLBACK = `${SITE}/auth/gid`;
const flush = async () => {
  for (let i = 0; i < 100; i++) await Promise.resolve();
};

/** A BroadcastChannel bus: messages wait in a queue until delivered (in order, as the browser does per sender). */
function makeBus(violations: string[]) {
  const queue: (() => void)[] = [];
  const open = new Set<FakeChannel>();
  class FakeChannel {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    closed = false;
    constructor(readonly name: string) {
      open.add(this);
    }
    postMessage(data: unknown) {
      if (this.closed) violations.push(`posted on the closed channel ${this.name}`);
      const copy = structuredClone(data);
      for (const other of open) {
        if (other !== this && other.name === this.name) queue.push(() => other.closed || other.onmessage?.({ data: copy }));
      }
    }
    close() {
      this.closed = true;
      open.delete(this);
    }
  }
  const deliver = () => {
    for (const send of queue.splice(0)) send();
  };
  return { Channel: FakeChannel, deliver, waiting: () => queue.length };
}

/** Web Locks shared by the tabs: one holder per name; `ifAvailable` answers null when held. */
function makeLocks() {
  const held = new Set<string>();
  const queued: Record<string, (() => void)[]> = {};
  type Callback = (lock: object | null) => unknown;
  return {
    async request(name: string, a: object | Callback, b?: Callback) {
      const [options, callback] = typeof a === 'function' ? [{}, a] : [a as { ifAvailable?: boolean }, b as Callback];
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

interface Pending {
  body: { grant_type: string; refresh_token?: string; state?: string };
  /** true: tokens; false: an error answer; 'drop': the connection fails; 'bare': a 200 without an access token. */
  answer: (ok: boolean | 'drop' | 'bare') => void;
}

/** The site's backend: token calls wait for `respond`; refresh tokens are single-use; at most one refresh may be in flight. */
function makeBackend(violations: string[], strict: () => boolean) {
  const pending: Pending[] = [];
  const used = new Set<string>();
  /** Per tab: the states of its sign-ins and the refresh tokens it held when it signed out. */
  const dead: Set<string>[] = [new Set(), new Set(), new Set(), new Set()];
  /** When each access token expires (ms, on the fake clock). */
  const expiry = new Map<string, number>();
  let n = 0;
  let refreshing = 0;
  /** The person the provider signs in next (a `sub` switch when it changes). */
  let person = 'u-1';
  const reply = (status: number, data: object) => ({ ok: status < 400, status, headers: new Headers(), json: async () => data });
  const fetchOf = (tab: number) =>
    (async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/logout')) return reply(200, {});
      const body = JSON.parse(init.body as string);
      const isRefresh = body.grant_type === 'refresh_token';
      const key = isRefresh ? body.refresh_token : body.state;
      if (dead[tab]!.has(key)) violations.push(`tab ${tab} sent ${isRefresh ? 'a refresh token' : 'a code'} from before its sign-out`);
      if (isRefresh && used.has(key) && strict()) violations.push(`tab ${tab} sent the used refresh token ${key}`);
      if (isRefresh && ++refreshing > 1) violations.push('two refresh requests in flight');
      return new Promise((resolve, reject) => {
        const entry: Pending = {
          body,
          answer: (ok) => {
            pending.splice(pending.indexOf(entry), 1);
            if (isRefresh) refreshing--;
            if (ok === 'drop') return reject(new TypeError('Failed to fetch'));
            if (ok === 'bare') return resolve(reply(200, { token_type: 'Bearer' }));
            if (!ok || (isRefresh && used.has(body.refresh_token))) return resolve(reply(400, { error: 'invalid_grant' }));
            if (isRefresh) used.add(body.refresh_token);
            n += 1;
            const claims = Buffer.from(JSON.stringify({ sub: person, n })).toString('base64url');
            expiry.set(`at-${n}`, Date.now() + 60_000);
            resolve(reply(200, { access_token: `at-${n}`, refresh_token: `rt-${n}`, id_token: `e30.${claims}.`, expires_in: 60 }));
          },
        };
        pending.push(entry);
      });
    }) as unknown as typeof globalThis.fetch;
  return {
    fetchOf,
    pending,
    dead,
    expiry,
    switchPerson: () => {
      person = person === 'u-1' ? 'u-2' : 'u-1';
    },
  };
}

/** Web Crypto whose digest settles in a microtask (Node's runs on a thread the fake clock cannot wait for). */
const crypto = {
  getRandomValues: <T extends ArrayBufferView>(array: T) => webcrypto.getRandomValues(array as never) as T,
  subtle: {
    digest: async (_alg: string, data: BufferSource) =>
      createHash('sha256')
        .update(data as Uint8Array)
        .digest(),
  },
};

interface Tab {
  win: TestWindow;
  client: GidClient;
  popup?: {
    closed: boolean;
    url?: string;
    /** Cut off by COOP: reads closed from the opener although the person is still in it. */
    coop?: boolean;
    /** The person closed it (a COOP popup: back on the opener). */
    gone?: boolean;
    close(): void;
    focus(): void;
    location: { replace(url: string): void };
  };
  focused: boolean;
  /** The flow this tab stored under the client id, and its state. */
  flow?: { kind: 'popup' | 'redirect'; state: string; outcome?: Promise<unknown>; fn?: boolean };
  /** Logged out here, and no sign-in started since (anywhere). */
  quiet: boolean;
  /**
   * The function forms' config of this page load (`loginWithPopup(config)`, `getAccessToken(config)`,
   * …): another participant in the tab, with the backend's participant number `t + 2`.
   */
  fn: ClientConfig;
  /** The function forms' client exists (a `getAccessToken`, `getUser` or `on` made it). */
  fnMade?: boolean;
  /** The function forms logged out here, and no sign-in started since. */
  fnQuiet?: boolean;
  /** The states of the silent sign-ins the function forms started. */
  fnFrames?: Set<string>;
  /** The outcome of a COOP popup's answer still on its way over the channel. */
  onItsWay?: Promise<unknown>;
}

interface World {
  tabs: Tab[];
  bus: ReturnType<typeof makeBus>;
  backend: ReturnType<typeof makeBackend>;
  violations: string[];
  promises: { label: string; settled: boolean; outcome?: unknown }[];
  /** Answers to a tab's own stored flow: none may be a STATE_MISMATCH. */
  mustMatch: Promise<unknown>[];
  /** `storage: 'local'`: the tabs' one localStorage (else each client keeps its tokens in memory). */
  local?: Storage;
  /** `storage: 'session'`: each tab keeps its tokens in its own session storage. */
  session?: boolean;
  /** Popups are cut off by COOP (see above). */
  coop?: boolean;
  /** Popups of a page that loaded again: a function form's sign-in in them still waits (closed at the end). */
  stray: NonNullable<Tab['popup']>[];
}

const TOKENS_KEY = 'gid:demo-site:tokens';
/** A tab's window (closed at the end of its run). */
const newWindow = () => new Window({ url: `${SITE}/`, width: 1280, height: 800 }) as unknown as TestWindow;
/**
 * The site's config in a tab, for the backend's participant `p`: a new object per page load (and
 * per function forms' config), over the tab's window (no window of its own: a happy-dom window per
 * config, each held by its spy, ran 20,000 runs out of memory).
 */
const configOf = (world: World, win: TestWindow, p: number): ClientConfig => ({
  clientId: 'demo-site',
  authUrl: AUTH,
  redirectUri: CALLBACK,
  backendUrl: SITE,
  window: win as unknown as globalThis.Window,
  fetch: world.backend.fetchOf(p),
  autoRefresh: true,
  ...(world.local && { storage: 'local' as const }),
  ...(world.session && { storage: 'session' as const }),
});
/** A tab's client, as a page load makes it. */
const clientOf = (world: World, win: TestWindow, t: number) => createClient(configOf(world, win, t));

/** The function forms' config of a page load: the same site, its own object (so its own context and client). */
const fnConfigOf = (world: World, win: TestWindow, t: number): ClientConfig => configOf(world, win, t + 2);

/** Makes the function forms' client of the tab (once per page load), listening to it as a site would. */
const fnClient = (tab: Tab) => {
  if (tab.fnMade) return;
  tab.fnMade = true;
  on(tab.fn, 'tokens', () => {});
};

/**
 * The tokens the function forms' client holds, read through `getUser` (the backend's ID token
 * carries the number `n` of its `at-n` and `rt-n`); undefined without them or without the client.
 */
const fnTokens = (tab: Tab) => {
  const n = tab.fnMade ? (getUser(tab.fn) as { n?: number } | null)?.n : undefined;
  return n === undefined ? undefined : { access_token: `at-${n}`, refresh_token: `rt-${n}` };
};

const flowOf = (tab: Tab) => tab.win.sessionStorage.getItem('demo-site');
const stateOf = (url: string) => new URL(url).searchParams.get('state') ?? '';
const frames = (tab: Tab) => [...tab.win.document.querySelectorAll('iframe[name="gid_silent"]')] as HTMLIFrameElement[];
const answer = (tab: Tab, url: string, source: unknown) =>
  tab.win.dispatchEvent(new tab.win.MessageEvent('message', { data: { name: 'popup_auth', url }, origin: SITE, source: source as never }));

function track(world: World, label: string, promise: Promise<unknown>): Promise<unknown> {
  const entry: World['promises'][number] = { label, settled: false };
  world.promises.push(entry);
  return promise.then(
    (value) => Object.assign(entry, { settled: true, outcome: value }),
    (error) => Object.assign(entry, { settled: true, outcome: error }) && Promise.reject(error),
  );
}

/**
 * A new flow stored in the tab (or the stored one abandoned) while a COOP popup's answer is on its
 * way: that answer comes to a flow that is no longer there (refused, as it should be).
 */
const superseded = (world: World, tab: Tab) => {
  const refused = world.mustMatch.indexOf(tab.onItsWay!);
  if (refused >= 0) world.mustMatch.splice(refused, 1);
};

const signInStarts = (world: World) => {
  for (const tab of world.tabs) tab.quiet = tab.fnQuiet = false;
};

function makeTab(world: World, win: TestWindow, bus: World['bus'], locks: ReturnType<typeof makeLocks>, t: number): Tab {
  const tab = { win, focused: false, quiet: false } as Tab;
  Object.assign(win, { BroadcastChannel: bus.Channel, crypto });
  Object.defineProperty(win.navigator, 'locks', { value: locks, configurable: true });
  if (world.local) Object.defineProperty(win, 'localStorage', { value: world.local, configurable: true });
  // (no spy: a spy per window held every run's windows, and 20,000 runs ran out of memory)
  win.document.hasFocus = () => tab.focused;
  Object.assign(win, {
    open: () => {
      const popup: NonNullable<Tab['popup']> = {
        closed: false,
        close: () => {
          popup.closed = true;
        },
        focus: () => {},
        location: {
          replace: (url: string) => {
            popup.url = url;
            // At the provider, a popup cut off by COOP reads closed from here from now on.
            if (world.coop) popup.closed = popup.coop = true;
          },
        },
      };
      tab.popup = popup;
      return popup;
    },
  });
  tab.client = clientOf(world, win, t);
  tab.fn = fnConfigOf(world, win, t);
  return tab;
}

type Command = fc.AsyncCommand<World, World>;
/** How far the runs got: commands run, and after how many of them a tab (its client or its function forms) held tokens. */
const stats = { runs: 0, commands: 0, signedIn: 0, promises: 0 };
const command = (name: string, run: (world: World) => Promise<void>, check: (world: World) => boolean = () => true): Command => ({
  // The model is the world itself: a command runs only where it can (a popup to answer, …).
  check: (world) => check(world as World),
  async run(_model, world) {
    // Things happen one after another: a millisecond apart at least.
    await vi.advanceTimersByTimeAsync(1);
    await run(world);
    await flush();
    for (const tab of world.tabs) {
      if (tab.quiet) expect(tab.client.tokens, `${name}: tokens came back after a logout`).toBeUndefined();
      if (tab.quiet && world.local) expect(world.local.getItem(TOKENS_KEY), `${name}: tokens came back to localStorage`).toBeNull();
      if (tab.quiet && world.session)
        expect(tab.win.sessionStorage.getItem(TOKENS_KEY), `${name}: tokens came back to sessionStorage`).toBeNull();
      if (tab.fnQuiet) expect(fnTokens(tab), `${name}: the function forms' tokens came back after their logout`).toBeUndefined();
      if (tab.client.tokens || fnTokens(tab)) stats.signedIn++;
    }
    stats.commands++;
    expect(world.violations, world.violations.join('; ')).toEqual([]);
  },
  toString: () => name,
});

/** Each tab's commands (its client's and the function forms'); answers come more often than starts, so that runs get far enough to hold tokens. */
const commands = (t: number): fc.Arbitrary<Command>[] => {
  const [popupLogin, answerPopup, closePopup, redirectStart, redirectAnswer, silent, answerSilent, getToken, logout, destroy] =
    tabCommands(t);
  const [fnPopupLogin, fnGetToken, fnSilent, fnRefresh, fnLogout, fnUser] = functionCommands(t);
  return [
    popupLogin!,
    popupLogin!,
    answerPopup!,
    answerPopup!,
    answerPopup!,
    closePopup!,
    redirectStart!,
    redirectAnswer!,
    redirectAnswer!,
    silent!,
    answerSilent!,
    answerSilent!,
    getToken!,
    getToken!,
    logout!,
    destroy!,
    // The function forms, one slot between them (so that answers stay as frequent as before).
    fc.oneof(fnPopupLogin!, fnGetToken!, fnSilent!, fnRefresh!, fnLogout!, fnUser!),
  ];
};

const tabCommands = (t: number): fc.Arbitrary<Command>[] => [
  fc.constant(
    command(
      `popupLogin(${t})`,
      async (world) => {
        const tab = world.tabs[t]!;
        signInStarts(world);
        // The person is in the popup now (a COOP popup is told closed from the focus coming back).
        if (world.coop) tab.focused = false;
        superseded(world, tab);
        const outcome = track(world, `popupLogin(${t})`, tab.client.login({ mode: 'popup' })).catch((error) => error);
        await flush();
        if (
          tab.popup?.url &&
          (!tab.popup.closed || tab.popup.coop) &&
          !tab.popup.gone &&
          stateOf(tab.popup.url) === JSON.parse(flowOf(tab) ?? '{}').state
        )
          tab.flow = { kind: 'popup', state: stateOf(tab.popup.url), outcome };
      },
      (world) => world.tabs[t]!.flow?.kind !== 'redirect',
    ),
  ),
  fc.constant(
    command(
      `answerPopup(${t})`,
      async (world) => {
        const tab = world.tabs[t]!;
        const { state, outcome } = tab.flow!;
        world.mustMatch.push(outcome!);
        const url = `${CALLBACK}?code=c&state=${state}&scope=openid`;
        if (tab.popup!.coop) {
          // The callback page in a popup cut off by COOP: over the state's channel (delivered by `deliver`).
          const channel = new world.bus.Channel(state);
          channel.postMessage({ name: 'popup_auth', url });
          channel.close();
          tab.onItsWay = outcome;
        } else answer(tab, url, tab.popup);
        tab.flow = undefined;
      },
      (world) => {
        const { flow, popup } = world.tabs[t]!;
        return flow?.kind === 'popup' && !!popup && (!popup.closed || !!popup.coop) && !popup.gone;
      },
    ),
  ),
  fc.constant(
    command(
      `closePopup(${t})`,
      async (world) => {
        const tab = world.tabs[t]!;
        tab.popup!.closed = tab.popup!.gone = true;
        tab.focused = true;
        if (tab.flow?.kind === 'popup') tab.flow = undefined;
      },
      (world) => {
        const { popup } = world.tabs[t]!;
        return !!popup && (!popup.closed || !!popup.coop) && !popup.gone;
      },
    ),
  ),
  fc.constant(
    command(
      `redirectStart(${t})`,
      async (world) => {
        const tab = world.tabs[t]!;
        superseded(world, tab);
        const url = await tab.client.buildAuthorizeUrl();
        tab.flow = { kind: 'redirect', state: stateOf(url) };
      },
      (world) => !world.tabs[t]!.flow && !(world.tabs[t]!.popup && !world.tabs[t]!.popup!.closed),
    ),
  ),
  fc.constant(
    command(
      `redirectAnswer(${t})`,
      async (world) => {
        const tab = world.tabs[t]!;
        signInStarts(world);
        const outcome = track(
          world,
          `redirectAnswer(${t})`,
          tab.client.handleCallback(`${CALLBACK}?code=c&state=${tab.flow!.state}&scope=openid`),
        );
        world.mustMatch.push(outcome.catch((error) => error));
        tab.flow = undefined;
      },
      (world) => world.tabs[t]!.flow?.kind === 'redirect',
    ),
  ),
  fc.constant(
    command(`silent(${t})`, async (world) => {
      const tab = world.tabs[t]!;
      signInStarts(world);
      const before = flowOf(tab);
      track(world, `silent(${t})`, tab.client.checkSession()).catch(() => {});
      await flush();
      expect(flowOf(tab), 'a silent sign-in touched the stored flow').toBe(before);
    }),
  ),
  fc.boolean().map((ok) =>
    command(
      `answerSilent(${t}, ${ok})`,
      async (world) => {
        const tab = world.tabs[t]!;
        const before = flowOf(tab);
        const frame = frames(tab)[0]!;
        const state = stateOf(frame.src);
        signInStarts(world);
        answer(
          tab,
          `${CALLBACK}?${ok ? `code=s&scope=openid&state=${state}` : `error=login_required&state=${state}`}`,
          frame.contentWindow,
        );
        await flush();
        expect(flowOf(tab), 'a silent answer touched the stored flow').toBe(before);
      },
      (world) => frames(world.tabs[t]!).length > 0,
    ),
  ),
  fc.boolean().map((forceRefresh) =>
    command(`getAccessToken(${t}, ${forceRefresh})`, async (world) => {
      signInStarts(world);
      const token = world.tabs[t]!.client.getAccessToken({ minValiditySeconds: forceRefresh ? 3600 : 10 });
      token.then(
        (at) => {
          if (!(Date.now() < (world.backend.expiry.get(at) ?? 0))) world.violations.push(`getAccessToken(${t}) resolved the expired ${at}`);
        },
        () => {},
      );
      track(world, `getAccessToken(${t})`, token).catch(() => {});
    }),
  ),
  fc.constant(
    command(`logout(${t})`, async (world) => {
      const tab = world.tabs[t]!;
      // What this tab has under way or holds now may never reach the backend from it afterwards.
      const dead = world.backend.dead[t]!;
      for (const frame of frames(tab)) dead.add(stateOf(frame.src));
      if (tab.flow?.kind === 'popup') dead.add(tab.flow.state);
      if (tab.client.tokens?.refresh_token) dead.add(tab.client.tokens.refresh_token);
      await tab.client.logout(tab.client.tokens?.access_token ?? 'none', { local: true });
      tab.quiet = true;
      expect(tab.client.tokens).toBeUndefined();
    }),
  ),
  fc.constant(
    command(`destroy(${t})`, async (world) => {
      const tab = world.tabs[t]!;
      tab.client.destroy();
      await flush();
      // The page loads again: a new client over the same tab (its session storage stays).
      tab.client = clientOf(world, tab.win, t);
      Object.assign(tab, { fn: fnConfigOf(world, tab.win, t), fnMade: false, fnQuiet: false, fnFrames: undefined });
      if (tab.flow?.kind === 'popup') tab.flow = undefined;
      if (tab.popup) world.stray.push(tab.popup);
      tab.popup = undefined;
    }),
  ),
];

/**
 * The function forms (function-api): a popup sign-in, getAccessToken, a silent sign-in,
 * refreshTokens, logout and getUser, each with the tab's function-forms config. Their tokens go to
 * the function forms' client of that config (made by getAccessToken, getUser or on), which shares
 * the tab channel and the storage with the tabs' clients.
 */
const functionCommands = (t: number): fc.Arbitrary<Command>[] => [
  fc.constant(
    command(
      `fnPopupLogin(${t})`,
      async (world) => {
        const tab = world.tabs[t]!;
        signInStarts(world);
        if (world.coop) tab.focused = false;
        superseded(world, tab);
        const outcome = track(world, `fnPopupLogin(${t})`, loginWithPopup(tab.fn)).catch((error) => error);
        await flush();
        if (
          tab.popup?.url &&
          (!tab.popup.closed || tab.popup.coop) &&
          !tab.popup.gone &&
          stateOf(tab.popup.url) === JSON.parse(flowOf(tab) ?? '{}').state
        )
          tab.flow = { kind: 'popup', state: stateOf(tab.popup.url), outcome, fn: true };
      },
      (world) => world.tabs[t]!.flow?.kind !== 'redirect',
    ),
  ),
  fc.boolean().map((forceRefresh) =>
    command(`fnGetAccessToken(${t}, ${forceRefresh})`, async (world) => {
      const tab = world.tabs[t]!;
      signInStarts(world);
      fnClient(tab);
      const token = getAccessToken(tab.fn, { minValiditySeconds: forceRefresh ? 3600 : 10 });
      token.then(
        (at) => {
          if (!(Date.now() < (world.backend.expiry.get(at) ?? 0)))
            world.violations.push(`fnGetAccessToken(${t}) resolved the expired ${at}`);
        },
        () => {},
      );
      track(world, `fnGetAccessToken(${t})`, token).catch(() => {});
    }),
  ),
  fc.constant(
    command(`fnSilent(${t})`, async (world) => {
      const tab = world.tabs[t]!;
      signInStarts(world);
      const before = new Set(frames(tab).map((frame) => stateOf(frame.src)));
      const flow = flowOf(tab);
      track(world, `fnSilent(${t})`, loginSilently(tab.fn)).catch(() => {});
      await flush();
      expect(flowOf(tab), 'a silent sign-in touched the stored flow').toBe(flow);
      tab.fnFrames ??= new Set();
      for (const frame of frames(tab)) if (!before.has(stateOf(frame.src))) tab.fnFrames.add(stateOf(frame.src));
    }),
  ),
  fc.constant(
    command(
      `fnRefresh(${t})`,
      async (world) => {
        const tab = world.tabs[t]!;
        track(world, `fnRefresh(${t})`, refreshTokens(tab.fn, fnTokens(tab)!.refresh_token)).catch(() => {});
      },
      (world) => !!fnTokens(world.tabs[t]!)?.refresh_token,
    ),
  ),
  fc.constant(
    command(
      `fnLogout(${t})`,
      async (world) => {
        const tab = world.tabs[t]!;
        // What the function forms have under way or hold may never reach the backend from them afterwards.
        const dead = world.backend.dead[t + 2]!;
        for (const state of tab.fnFrames ?? []) dead.add(state);
        if (tab.flow?.kind === 'popup' && tab.flow.fn) dead.add(tab.flow.state);
        const held = fnTokens(tab);
        if (held) dead.add(held.refresh_token);
        await logout(tab.fn, held?.access_token ?? 'none', { local: true });
        tab.fnQuiet = true;
        expect(getUser(tab.fn), 'getUser after logout').toBeNull();
      },
      // With its client: a logout of the function forms alone leaves a storage the tabs' clients share as it is.
      (world) => !!world.tabs[t]!.fnMade,
    ),
  ),
  fc.constant(
    command(`fnGetUser(${t})`, async (world) => {
      const tab = world.tabs[t]!;
      fnClient(tab);
      // getUser answers at once, signed in or not, and never throws.
      expect(() => getUser(tab.fn)).not.toThrow();
    }),
  ),
];

const respond = fc.tuple(fc.nat(), fc.constantFrom<boolean | 'drop' | 'bare'>(true, true, true, false, 'drop', 'bare')).map(([i, how]) =>
  command(
    `respond(${i}, ${how})`,
    async (world) => {
      const pending = world.backend.pending[i % world.backend.pending.length]!;
      if (pending.body.grant_type !== 'refresh_token') signInStarts(world);
      pending.answer(how);
    },
    (world) => world.backend.pending.length > 0,
  ),
);

const shared: fc.Arbitrary<Command>[] = [
  respond,
  respond,
  respond,
  fc.constantFrom(10, 500, 2_500, 11_000, 31_000, 61_000).map((ms) =>
    command(`tick(${ms})`, async () => {
      await vi.advanceTimersByTimeAsync(ms);
    }),
  ),
  fc.constant(command('deliver', async (world) => world.bus.deliver())),
  fc.constant(command('deliver', async (world) => world.bus.deliver())),
  // The clock jumps forward (the device slept, or was set right: timers due meanwhile run late)
  // or back five minutes (set right the other way: a sign-in made after a sign-out must still win
  // over it, in every tab). Back only with `storage: 'local'`, whose one storage orders the tabs'
  // news: without a shared storage the tabs order news that crossed by a clock (a logical one that
  // takes the wall clock when it is ahead), and a clock set back can still misorder two crossing messages.
  fc.constantFrom(-300_000, 90_000, 1_800_000, 7_200_000).map((ms) =>
    command(
      `clockJump(${ms})`,
      async () => {
        vi.setSystemTime(Date.now() + ms);
      },
      (world) => ms > 0 || !!world.local,
    ),
  ),
  fc.constant(command('switchPerson', async (world) => world.backend.switchPerson())),
  fc.nat(1).map((t) =>
    command(`visible(${t})`, async (world) => {
      const { win } = world.tabs[t]!;
      win.document.dispatchEvent(new win.Event('visibilitychange'));
    }),
  ),
  fc.nat(1).map((t) =>
    command(`pageshow(${t})`, async (world) => {
      const { win } = world.tabs[t]!;
      win.dispatchEvent(Object.assign(new win.Event('pageshow'), { persisted: true }));
      // Back to a page from the back/forward cache: a flow stored then was abandoned (its answer is
      // refused, also one a COOP popup has sent and this page not heard yet).
      world.tabs[t]!.flow = undefined;
      superseded(world, world.tabs[t]!);
    }),
  ),
  fc.nat(1).map((t) =>
    command(
      `refresh(${t})`,
      async (world) => {
        const { client } = world.tabs[t]!;
        track(world, `refresh(${t})`, client.refresh(client.tokens!.refresh_token!)).catch(() => {});
      },
      (world) => !!world.tabs[t]!.client.tokens?.refresh_token,
    ),
  ),
];

/**
 * A new seed per run (printed with the command that replays it), or SDK_MODEL_SEED's. To replay
 * only the shrunk counterexample: SDK_MODEL_PATH (fast-check's `path`) and SDK_MODEL_REPLAY (its
 * `replayPath`), both printed in the failure.
 */
const SEED = Number(process.env.SDK_MODEL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.SDK_MODEL_RUNS ?? 1000);

describe('model: two tabs, every flow, in random order and timing', () => {
  console.info(`model: ${RUNS} runs, seed ${SEED}; replay: SDK_MODEL_SEED=${SEED} pnpm exec vitest run sdk/src/lib/model.test.ts`);
  it(
    'no flow spoils another, tokens never come back after logout, one refresh in flight, every promise settles',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<'memory' | 'local' | 'session'>('memory', 'local', 'local', 'session'),
          fc.boolean(),
          fc.commands([...commands(0), ...commands(1), ...shared], {
            maxCommands: 32,
            size: 'medium',
            replayPath: process.env.SDK_MODEL_REPLAY,
          }),
          async (storage, coop, cmds) => {
            const local = storage === 'local';
            vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
            const violations: string[] = [];
            // `local`: the tabs' one localStorage, a window's of its own.
            const localWin = local ? newWindow() : undefined;
            const bus = makeBus(violations);
            const locks = makeLocks();
            const backend = makeBackend(violations, () => !!local);
            const world: World = {
              tabs: [],
              bus,
              backend,
              violations,
              promises: [],
              mustMatch: [],
              local: localWin?.localStorage,
              session: storage === 'session',
              coop,
              stray: [],
            };
            world.tabs = [makeTab(world, newWindow(), bus, locks, 0), makeTab(world, newWindow(), bus, locks, 1)];
            try {
              await fc.asyncModelRun(() => ({ model: world, real: world }), cmds);
              // The end: popups closed with the person back, answers and messages in, the clock on.
              for (const tab of world.tabs) {
                if (tab.popup) tab.popup.closed = true;
                tab.focused = true;
              }
              for (const popup of world.stray) popup.closed = true;
              for (let round = 0; round < 6; round++) {
                bus.deliver();
                while (backend.pending.length) backend.pending[0]!.answer(true);
                await vi.advanceTimersByTimeAsync(61_000);
                await flush();
              }
              expect(world.promises.filter((p) => !p.settled).map((p) => p.label)).toEqual([]);
              // One storage: both tabs end with the same tokens, or both signed out.
              if (local) {
                const at = world.tabs[0]!.client.tokens?.access_token;
                expect(at, 'the tabs disagree').toBe(world.tabs[1]!.client.tokens?.access_token);
                for (const tab of world.tabs)
                  if (tab.fnMade) expect(fnTokens(tab)?.access_token, "the function forms' client disagrees").toBe(at);
              }
              for (const outcome of await Promise.all(world.mustMatch)) {
                expect((outcome as { code?: string } | undefined)?.code, 'an answer to its own flow was refused').not.toBe(
                  'STATE_MISMATCH',
                );
              }
              expect(violations, violations.join('; ')).toEqual([]);
              stats.runs++;
              stats.promises += world.promises.length;
            } finally {
              for (const tab of world.tabs) tab.client.destroy();
              vi.useRealTimers();
              for (const win of [...world.tabs.map((tab) => tab.win), localWin])
                await (win as unknown as { happyDOM: { close(): Promise<void> } } | undefined)?.happyDOM.close();
            }
          },
        ),
        { numRuns: RUNS, seed: SEED, ...(process.env.SDK_MODEL_PATH && { path: process.env.SDK_MODEL_PATH }) },
      );
      // The runs did sign in and get tokens (a model that never reaches them proves nothing).
      expect(stats.signedIn).toBeGreaterThan(stats.commands / 40);
      console.info('model runs', stats);
    },
    Math.max(600_000, RUNS * 600),
  );
});
