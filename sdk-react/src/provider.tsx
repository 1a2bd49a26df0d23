import { type GidClient, type GidConfig, init, isGidError } from '@gid/sdk';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createButtonSlots } from './buttons';
import { GidContext, type GidFailure, type GidState } from './context';

/** The SDK's config without what the provider manages itself: buttons and the result callback. */
export type GidProviderConfig = Omit<GidConfig, 'buttons' | 'callback'>;

export interface GidProviderProps {
  /** Read once, when the provider mounts; to start over with another, give the provider a new `key`. */
  config: GidProviderConfig;
  children?: ReactNode;
}

type Snapshot = Pick<GidState, 'status' | 'tokens' | 'error'>;

const IDLE: Snapshot = { status: 'idle', tokens: undefined, error: undefined };

/** A finished call that `callback` said nothing about leaves the state as the tokens make it. */
const settle = (s: Snapshot): Snapshot =>
  s.status === 'loading' ? { ...s, status: s.tokens ? 'authenticated' : 'idle', error: undefined } : s;

/** A rejected call as a failure: the `GidError`'s code and the spec's error fields. */
function failureOf(error: unknown): GidFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (!isGidError(error)) return { error: message, error_description: message };
  const { code, status, retry_after_seconds } = error;
  return { code, error: error.error ?? message, error_description: error.error_description ?? message, status, retry_after_seconds };
}

/** The client to come: calls made before `init` resolves wait for it (or fail with its error). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  promise.catch(() => {}); // nobody may be waiting: the error is in the state anyway
  return { promise, resolve, reject };
}

/**
 * Starts one SDK client (`init`) for the tree below and destroys it on unmount; its buttons are
 * `<GidLoginButton>`s, drawn as soon as `init` has made the client (before the remote config is
 * in), its state `useGid()`. On the redirect URI, `init` processes the callback.
 * Renders nothing of its own and touches no browser API while rendering (SSR-safe).
 * @example
 * <GidProvider config={{ clientId: 'my-site', authUrl: 'https://id.example',
 *   redirectUri: `${location.origin}/callback`, backendUrl: location.origin }}>
 *   <GidLoginButton />
 * </GidProvider>
 * @see sdk-contract.md
 */
export function GidProvider({ config, children }: GidProviderProps) {
  const first = useRef(config);
  const [ready] = useState(deferred<GidClient>);
  const [buttons] = useState(createButtonSlots);
  const [client, setClient] = useState<GidClient>();
  const [snapshot, setSnapshot] = useState<Snapshot>(IDLE);

  useEffect(() => {
    let cancelled = false;
    // The client as `init` hands it out at once (for the buttons), and as it resolves.
    let early: GidClient | undefined;
    let created: GidClient | undefined;
    // StrictMode mounts, unmounts and mounts again in one go: starting on a microtask lets only
    // the mount that stays create a client (one set of buttons, listeners, one callback exchange).
    queueMicrotask(() => {
      if (cancelled) return;
      setSnapshot((s) => ({ ...s, status: 'loading' }));
      const pending = init({
        ...first.current,
        callback: (result) =>
          setSnapshot((s) => {
            if (result.ok) return { status: 'authenticated', tokens: result.tokens, error: undefined };
            const { ok, ...error } = result;
            return { ...s, status: 'error', error };
          }),
      });
      early = pending.client;
      buttons.use(early);
      pending.then(
        (made) => {
          if (cancelled) return made.destroy();
          created = made;
          ready.resolve(made);
          setClient(made);
          setSnapshot(settle);
        },
        (error) => {
          if (cancelled) return;
          ready.reject(error);
          setSnapshot((s) => ({ ...s, status: 'error', error: failureOf(error) }));
        },
      );
    });
    return () => {
      cancelled = true;
      buttons.use(undefined);
      // Still starting: its buttons and styles go now, the rest once `init` settles (above).
      (created ?? early)?.destroy();
      setClient(undefined);
    };
  }, [ready, buttons]);

  const state = useMemo<GidState>(() => {
    const run = (action: (gid: GidClient) => Promise<unknown>, done: (s: Snapshot) => Snapshot = settle) => {
      setSnapshot((s) => ({ ...s, status: 'loading' }));
      // A client at hand is called synchronously: a popup has to open inside the click.
      return (client ? action(client) : ready.promise.then(action)).then(
        () => setSnapshot(done),
        (error) => setSnapshot((s) => ({ ...s, status: 'error', error: failureOf(error) })),
      );
    };
    const { tokens } = snapshot;
    return {
      ...snapshot,
      login: (options) => run((gid) => gid.login(options)),
      refresh: () => run((gid) => gid.refresh(tokens?.refresh_token as string)),
      logout: () =>
        run(
          (gid) => gid.logout(tokens?.access_token as string, { idToken: tokens?.id_token }),
          () => IDLE,
        ),
    };
  }, [client, ready, snapshot]);

  const value = useMemo(() => ({ client, buttons, state }), [client, buttons, state]);
  return <GidContext.Provider value={value}>{children}</GidContext.Provider>;
}
