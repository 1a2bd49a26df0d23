import type { GidConfig } from './types';

/** What the flow storage reads of a client's context (its own type: the context imports this file, never the other way). */
export interface FlowPlace {
  win: Window;
  cfg: Pick<GidConfig, 'clientId'>;
}

/**
 * What one sign-in in progress needs to survive the trip to the provider (sdk-contract.md), and the
 * site's `appState` when the sign-in was given one (left out of the JSON otherwise).
 */
export interface FlowData {
  code_verifier: string;
  redirect_uri: string;
  state: string;
  gsid: string;
  appState?: unknown;
}

/** The tab's session storage; undefined where it is disabled (sandboxed, privacy mode): behave as if empty. */
const storage = ({ win }: Pick<FlowPlace, 'win'>): Storage | undefined => {
  try {
    return win.sessionStorage;
  } catch {
    // disabled: none
  }
};

/** Reads the flow data kept under the client id; anything malformed counts as none. */
export const readFlow = (ctx: FlowPlace): FlowData | undefined => {
  try {
    // Nothing stored parses as null; no storage at all throws (`undefined` is no JSON): no flow either way.
    const data = JSON.parse(storage(ctx)?.getItem(ctx.cfg.clientId) as string) as Partial<FlowData> | null;
    if (typeof data?.code_verifier === 'string' && typeof data.state === 'string') return data as FlowData;
  } catch {
    // malformed JSON: treated as no flow
  }
  return undefined;
};

/**
 * Stores a new flow; false where that did not work (no session storage, full, or a privacy mode
 * that accepts the write and keeps nothing): the caller fails before the page leaves.
 */
export const writeFlow = (ctx: FlowPlace, flow: FlowData): boolean | undefined => {
  const value = JSON.stringify(flow);
  try {
    const store = storage(ctx)!;
    store.setItem(ctx.cfg.clientId, value);
    return store.getItem(ctx.cfg.clientId) === value;
  } catch {
    // no storage, or full
  }
};

/** Clears the stored flow; with a `state` (a string), only if the stored flow is that one. */
export const clearFlow = (ctx: FlowPlace, state?: unknown): void => {
  try {
    if (typeof state !== 'string' || readFlow(ctx)?.state === state) storage(ctx)?.removeItem(ctx.cfg.clientId);
  } catch {
    // nothing to clear
  }
};

/**
 * A value kept for the browser session (this tab's session storage) under `key`, made by `make`
 * on first use; where there is no storage, a fresh one each time (spec 4.4: session-scoped ids).
 */
export const sessionValue = (ctx: Pick<FlowPlace, 'win'>, key: string, make: () => string): string => {
  const store = storage(ctx);
  const value = store?.getItem(key) || make();
  try {
    store?.setItem(key, value);
  } catch {
    // full: not kept
  }
  return value;
};
