import { type Context, contextFor } from './context';
import { claimsOf } from './jwt';
import { refresh } from './token';
import type { CoreConfig, GidTokens, TokenStore } from './types';

/**
 * Options of `keepTokensFresh`.
 * @example
 * keepTokensFresh(config, { autoRefresh: true, storage: 'session', onTokens: setTokens, onError: console.warn });
 */
export interface FreshOptions {
  /** How long before the access token expires `onExpiring` fires (and an automatic refresh starts); default 60 s. */
  leewaySeconds?: number;
  /** Opt-in: refresh by itself before expiry (needs a refresh token); default false. */
  autoRefresh?: boolean;
  /** Share sign-in, refreshed tokens and sign-out with the site's other tabs (BroadcastChannel); default true. */
  shareAcrossTabs?: boolean;
  /**
   * Opt-in: keep the tokens across reloads in the tab's `sessionStorage` (`session`) or in
   * `localStorage` (`local`), under `gid:{clientId}:tokens`. Default: memory only (a script
   * injected into the page can read a storage: opt in knowingly).
   */
  storage?: 'session' | 'local';
  /** A token store of the site's own (instead of `storage`), read like a storage the tabs share. */
  store?: TokenStore;
  /** `leewaySeconds` before the access token expires (half-way through its life if it lives shorter). */
  onExpiring?: (tokens: GidTokens) => void;
  /** The access token has expired (and no refresh came first). */
  onExpired?: (tokens: GidTokens) => void;
  /** New tokens from a refresh here or in another tab, or a sign-in there; `undefined`: signed out (anywhere). */
  onTokens?: (tokens: GidTokens | undefined) => void;
  /** An automatic refresh failed (the tokens are kept: they may still work until they expire). */
  onError?: (error: unknown) => void;
}

/**
 * What `keepTokensFresh` returns: the tokens it watches and what can be done with them.
 * @example
 * const keeper = keepTokensFresh(config);
 * keeper.set(tokens); // after sign-in
 * await keeper.refresh();
 * keeper.set(undefined); // sign-out: other tabs hear of it
 */
export interface TokenKeeper {
  /** The tokens watched now (undefined: signed out). */
  readonly tokens: GidTokens | undefined;
  /** When the access token expires (ms since the epoch), if `expires_in` said. */
  readonly expiresAt: number | undefined;
  /** Watch these tokens (after a sign-in), or none (`undefined`, a sign-out); other tabs hear of it. */
  set(tokens: GidTokens | undefined): void;
  /**
   * Refreshes now: one tab at a time (Web Locks), and a tab that waited takes the tokens another
   * got. Resolves with the tokens watched then (undefined after a sign-out meanwhile).
   */
  refresh(): Promise<GidTokens | undefined>;
  /** Stops the timer and the tab channel; a refresh still under way changes nothing after it. */
  stop(): void;
}

interface TabMessage {
  tokens?: GidTokens;
  expiresAt?: number;
  /** When the sending tab took them (a sign-in or sign-out): an older message (crossing a newer one) is stale. */
  when: number;
  /**
   * Refreshed tokens: the access token the refresh replaced. Taken only by a tab that still has
   * that one, so a refresh that crossed a sign-out (or a later refresh) never brings tokens back.
   */
  from?: string;
}

/** When a JWT access token expires (its `exp`, ms since the epoch); undefined for an opaque one. */
const jwtExpiry = (token: string | undefined): number | undefined => {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : undefined;
};

/** How long a tab waits for the tokens of another tab's refresh after that tab let the lock go. */
export const HANDOVER_MS = 1000;

/**
 * The stamp of the last sign-out any client's keeper on a page took, by window and client id: the
 * keepers of one page (the site's client and the function forms') share its tab storage, and a
 * sign-in one of them hears after another signed out, stamped before that, is stale (the sign-out's
 * own message may never reach it: a client destroyed meanwhile).
 */
const pageOuts = new WeakMap<object, Record<string, number>>();

/** The longest delay `setTimeout` takes (2^31 − 1 ms, about 24.8 days); a longer one fires at once. */
export const MAX_DELAY = 2147483647;

/**
 * Keeps a sign-in's tokens fresh: tracks `expires_in`, fires `onExpiring` before expiry and, if
 * opted in, refreshes then through the site's backend. In several tabs only one refreshes at a
 * time (Web Locks, where the browser has them) and the others take its tokens; a sign-in or
 * sign-out in one tab reaches the others (BroadcastChannel). Tree-shakes away when unused.
 * A token that lives no longer than the leeway is refreshed half-way through its life (never in a
 * loop); an expiry beyond what a timer can wait is waited for in steps; the timer is checked again
 * when the page becomes visible (a sleeping device's timers run late). A refresh answer is merged
 * into the tokens (a backend that does not rotate refresh tokens, or sends no new ID token, keeps
 * the old ones), and one that comes back after a sign-out, a sign-in or `stop()` is dropped.
 * @example
 * import { keepTokensFresh } from '@gid/sdk';
 * const keeper = keepTokensFresh(config, { autoRefresh: true, onTokens: (t) => (t ? use(t) : signedOut()) });
 * keeper.set(tokensFromSignIn);
 * @see accounts-sso.md 7.1 (refresh body)
 */
export const keepTokensFresh = (config: CoreConfig, options?: FreshOptions): TokenKeeper => tokenKeeper(contextFor(config), options);

/** `keepTokensFresh` over a client's context (the client's own tokens, `getAccessToken`). */
export function tokenKeeper(ctx: Context, options: FreshOptions = {}, onSignOut?: () => void): TokenKeeper {
  const { win, cfg: config } = ctx;
  const {
    leewaySeconds = 60,
    autoRefresh,
    shareAcrossTabs = true,
    storage,
    store: own,
    onExpiring,
    onExpired,
    onTokens,
    onError,
  } = options;
  const lockName = `gid_refresh:${config.clientId}`;
  const storageKey = `gid:${config.clientId}:tokens`;
  const outs = pageOuts.get(win) ?? {};
  pageOuts.set(win, outs);
  /** The opted-in storage; undefined without the opt-in or where the browser refuses it. */
  /** The opted-in storage, or the site's own `store` (whose `get` may answer with a promise). */
  const store = ():
    | { getItem(key: string): unknown; setItem(key: string, value: string): void; removeItem(key: string): void }
    | undefined => {
    if (own) {
      /** A promise a store's write answers with: its failure is the store's (memory goes on). */
      const quiet = (result: unknown) => void (result as Promise<void> | undefined)?.catch?.(() => {});
      return {
        getItem: (key) => own.get(key),
        setItem: (key, value) => quiet(own.set(key, value)),
        removeItem: (key) => quiet(own.remove(key)),
      };
    }
    try {
      return storage && win[`${storage}Storage`];
    } catch {
      // disabled: memory only
    }
  };

  let tokens: GidTokens | undefined;
  let expiresAt: number | undefined;
  /** The tokens now watched came with a lifetime of 0 or less. */
  let bornExpired = false;
  /** What this tab last wrote to (or found in) the storage: `local` is every tab's, so another may have changed it. */
  let written: string | null | undefined;
  let stopped = false;
  const timers: ReturnType<typeof setTimeout>[] = [];
  /** Calls waiting for the tokens of a refresh another tab is making. */
  const waiters: (() => void)[] = [];
  const Channel = (win as Window & typeof globalThis).BroadcastChannel;
  const channel = shareAcrossTabs && Channel ? new Channel(`gid_tokens:${config.clientId}`) : undefined;

  /** Runs `step` at the time `when` (ms since the epoch), in waits a timer can take. */
  const later = (when: number, step: () => void) => {
    const wait = when - Date.now();
    timers.push(setTimeout(() => (wait > MAX_DELAY ? later(when, step) : step()), Math.min(wait, MAX_DELAY)));
  };
  /** (Re)sets the timers of the tokens now watched. */
  const arm = () => {
    for (const timer of timers.splice(0)) clearTimeout(timer);
    const watched = tokens;
    if (stopped || !watched || !expiresAt) return;
    // `leewaySeconds` before expiry, but never before half its life: a token that lives no longer
    // than the leeway would otherwise be refreshed at once, again and again.
    const left = expiresAt - Date.now();
    // (A token that came expired is refreshed when asked for, never in a loop by itself.)
    if (!bornExpired)
      later(expiresAt - Math.min(leewaySeconds * 1000, left / 2), () => {
        onExpiring?.(watched);
        if (autoRefresh && watched.refresh_token) keeper.refresh().catch((error) => onError?.(error));
      });
    // Once per access token (a page made visible again re-arms the timers).
    if (onExpired)
      later(expiresAt, () => {
        if (expired === watched) return;
        expired = watched;
        onExpired(watched);
      });
  };
  /** The tokens `onExpired` was last told of. */
  let expired: GidTokens | undefined;
  const onVisible = () => win.document.visibilityState === 'visible' && arm();
  win.document?.addEventListener('visibilitychange', onVisible);

  /**
   * The stamp of the sign-in (or sign-out) of the tokens now watched, never behind any such news
   * heard from another tab (a logical clock that takes the wall clock when it is ahead): older news
   * from another tab is stale.
   */
  let since = -1;
  /** The access token of that sign-in (a tie between two sign-ins compares theirs, not what a refresh made of one). */
  let signedIn: string | undefined;
  /** Access tokens refreshed away: news of them is stale. */
  const retired = new Set<string>();
  /** Takes tokens (with their expiry) and sets the timer; `tell`: other tabs hear of it; `from`: see `TabMessage`. */
  // `when` of this tab's own news: never before its last (a sign-in right after a sign-out, in the
  // same millisecond, is newer than it in every tab).
  const take = (next: GidTokens | undefined, at?: number, tell?: boolean, when = Math.max(Date.now(), since + 1), from?: string) => {
    // Stopped, nothing new (no echo between tabs), older than what this tab has (or refreshed
    // away already), or a refresh of other tokens.
    if (
      stopped ||
      // (a sign-out here is always told: another tab may hold tokens this one has not heard of yet)
      (JSON.stringify(next) === JSON.stringify(tokens) && (next || !tell)) ||
      (!tell && retired.has(next?.access_token as string)) ||
      // Another tab's news: a tie goes to the sign-out (tokens of the same moment never bring it
      // back), between two sign-ins to the greater access token (every tab picks the same).
      (from
        ? from !== tokens?.access_token
        : !tell && (when < since || (when === since && !!next && !(next.access_token > (signedIn as string)))))
    )
      return;
    // (a rotation that keeps the access token retires nothing: the next one of it is news too)
    if (from && from !== next?.access_token) retired.add(from);
    else {
      since = when;
      signedIn = next?.access_token;
      if (!next) outs[storageKey] = Math.max(outs[storageKey] ?? when, when);
    }
    tokens = next;
    const seconds = next?.expires_in;
    // A lifetime of 0 or less: expired at once (never "never expiring"); none: the access token's
    // own `exp` if it is a JWT, else unknown.
    expiresAt = at ?? (typeof seconds === 'number' ? Date.now() + Math.max(0, seconds) * 1000 : jwtExpiry(next?.access_token));
    bornExpired = seconds !== undefined && !(seconds > 0) && at === undefined;
    arm();
    const value = next ? JSON.stringify({ tokens: next, expiresAt }) : null;
    try {
      if (value) store()?.setItem(storageKey, value);
      else store()?.removeItem(storageKey);
      written = value;
    } catch {
      // full: memory only (and what is stored is still what was written before)
    }
    if (tell) channel?.postMessage({ tokens: next, expiresAt, when, from } satisfies TabMessage);
    for (const waiter of waiters.splice(0)) waiter();
  };

  if (channel) {
    channel.onmessage = ({ data }: MessageEvent<TabMessage>) => {
      if (typeof data?.when !== 'number' || (data.tokens && typeof data.tokens.access_token !== 'string')) return;
      const before = tokens;
      if (storage === 'local') {
        // The tabs' one storage holds the last sign-in, refresh or sign-out made in any of them,
        // whatever their clocks say (a tab loaded after a sign-out never heard of it; a clock set
        // back stamps news older): a message only says to look there.
        syncWith(read());
        if (!data.tokens && !before && !tokens) onSignOut?.();
        return;
      }
      // A sign-in stamped no later than a sign-out another client on this page took: stale.
      if (data.tokens && !data.from && data.when <= (outs[storageKey] ?? -1)) return;
      take(data.tokens, data.expiresAt, false, data.when, typeof data.from === 'string' ? data.from : undefined);
      if (tokens !== before) onTokens?.(tokens);
      // Another tab signed out and this one holds no tokens: what it has under way stops all the same.
      else if (!data.tokens && data.when >= since) onSignOut?.();
      // A sign-in or sign-out heard, taken or not (the same as this tab's, or older): this tab's own
      // next news is stamped after it, so a clock set back never makes it look older (a refresh is
      // ordered by `from`, not by stamps).
      if (!data.from) since = Math.max(since, data.when);
    };
  }

  /** What the storage holds (parsed); null for nothing, or for anything not ours. */
  const stored = (raw: unknown): Omit<TabMessage, 'when'> | null => {
    try {
      const kept = JSON.parse(raw as string) as Omit<TabMessage, 'when'> | null;
      return typeof kept?.tokens?.access_token === 'string' ? kept : null;
    } catch {
      return null;
    }
  };
  /**
   * `local`: the tabs share the storage, where another tab's refresh, sign-in or sign-out lands
   * before its message does (a message can be missed: a frozen tab, a closed channel). Takes
   * other tokens found there (and says so); the same tokens written anew are no news.
   */
  /** What a storage the tabs share holds now: at once, or a promise (the site's own `store` may answer later). */
  const read = (): unknown => (own || storage === 'local' ? store()?.getItem(storageKey) : written);
  const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | undefined)?.then === 'function';
  /** Takes what the storage holds; a promise only where the store answers by one (else no step between). */
  const sync = (): Promise<void> | undefined => {
    const raw = read();
    return isPromise(raw) ? raw.then(syncWith) : syncWith(raw);
  };
  const syncWith = (raw: unknown): undefined => {
    if (raw === written) return;
    const kept = stored(raw);
    if (kept?.tokens?.access_token === tokens?.access_token) return;
    const before = tokens;
    // Stamped as barely newer than this tab's news, not with this tab's clock: the storage says
    // nothing of when it changed, and another tab's news of this very millisecond (a sign-in
    // right after the sign-out read here) must still count as newer (else the tabs disagree).
    take(kept?.tokens, kept?.expiresAt, false, since + (kept ? 1 : 0));
    if (tokens !== before) onTokens?.(tokens);
  };

  // What an earlier page load kept: an expired access token counts only with a refresh token. A
  // store that answers later: taken then, unless this tab has news of its own by that time.
  const load = (raw: unknown, late?: boolean) => {
    const kept = stored(raw);
    const at = kept?.expiresAt;
    if (since < 0 && kept && (!(at! <= Date.now()) || kept.tokens?.refresh_token)) {
      take(kept.tokens, at, false, 0);
      if (late) onTokens?.(tokens);
    }
  };
  try {
    const first = store()?.getItem(storageKey);
    if (typeof (first as Promise<unknown> | undefined)?.then === 'function')
      (first as Promise<unknown>).then(
        (raw) => load(raw, true),
        () => {},
      );
    else load(first);
  } catch {
    // nothing kept, or not ours
  }

  const keeper: TokenKeeper = {
    get tokens() {
      return tokens;
    },
    get expiresAt() {
      return expiresAt;
    },
    set: (next) => take(next, undefined, true),
    async refresh() {
      const startedWith = tokens;
      const run = async () => {
        // Another tab refreshed (or signed in or out) and its message is late: its tokens are in
        // the storage. Read inside the lock, before anything is sent: a used refresh token sent
        // again revokes the whole grant at the provider, which signs every tab out.
        const reading = sync();
        if (reading) await reading;
        // Another tab (or call) refreshed meanwhile: its tokens are here already.
        if (stopped || tokens !== startedWith || !tokens?.refresh_token) return tokens;
        const fresh = await refresh(ctx, tokens.refresh_token);
        // Merged: what the answer leaves out (a refresh or ID token the backend did not rotate) is kept.
        const merged = { ...startedWith, ...fresh };
        if (stopped) {
          // Stopped meanwhile (`destroy()`, an unmount; a sign-out never gets here): a storage the
          // tabs share that still holds what was refreshed gets the rotated tokens, else its
          // refresh token is spent for nobody and the next client there sends it again.
          if ((own || storage === 'local') && stored(await read())?.tokens?.access_token === startedWith!.access_token) {
            try {
              store()?.setItem(
                storageKey,
                JSON.stringify({ tokens: merged, expiresAt: Date.now() + (merged.expires_in ?? 0) * 1000 || undefined }),
              );
            } catch {
              // full
            }
          }
          return tokens;
        }
        // Signed out or signed in anew meanwhile (here, or in the storage: then those tokens are
        // taken): this answer is stale, never written back.
        const again = sync();
        if (again) await again;
        if (tokens !== startedWith) return tokens;
        take(merged, undefined, true, undefined, startedWith!.access_token);
        onTokens?.(merged);
        return merged;
      };
      const locks = win.navigator?.locks;
      if (!locks) return run();
      // One refresh at a time across the site's tabs (refresh tokens are often single-use): a tab
      // that finds the lock taken takes the tokens the holder sends; if none come within a moment
      // of the holder letting the lock go (its refresh failed; its request has a timeout, so it
      // lets go), it tries itself.
      return locks.request(lockName, { ifAvailable: true }, async (lock) => {
        if (lock) return run();
        if (tokens === startedWith) {
          await new Promise<void>((resolve) => {
            waiters.push(resolve);
            locks.request(lockName, () => setTimeout(resolve, HANDOVER_MS));
          });
        }
        return tokens !== startedWith ? tokens : locks.request(lockName, run);
      });
    },
    stop() {
      stopped = true;
      arm();
      channel?.close();
      win.document?.removeEventListener('visibilitychange', onVisible);
    },
  };
  return keeper;
}
