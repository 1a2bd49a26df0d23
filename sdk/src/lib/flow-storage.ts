import type { Context } from './context';
import { failure } from './context';
import { MSG_STORAGE } from './errors';

/** What one sign-in in progress needs to survive the trip to the provider (sdk-contract.md). */
export interface FlowData {
  code_verifier: string;
  redirect_uri: string;
  state: string;
  gsid: string;
}

/** The tab's session storage; undefined where it is disabled (sandboxed, privacy mode): behave as if empty. */
const storage = ({ win }: Context): Storage | undefined => {
  try {
    return win.sessionStorage;
  } catch {
    // disabled: none
  }
};

/** Reads the flow data kept under the client id; anything malformed counts as none. */
export const readFlow = (ctx: Context): FlowData | undefined => {
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
 * Stores a new flow. Without a working session storage the sign-in could only come back to a
 * state mismatch, so it fails here, before the page leaves, with `STORAGE_ERROR`.
 */
export const writeFlow = (ctx: Context, flow: FlowData): void => {
  const value = JSON.stringify(flow);
  try {
    const store = storage(ctx)!;
    store.setItem(ctx.cfg.clientId, value);
    // Some privacy modes accept the write and keep nothing.
    if (store.getItem(ctx.cfg.clientId) === value) return;
  } catch {
    // no storage, or full: below
  }
  throw failure(ctx, 'STORAGE_ERROR', MSG_STORAGE);
};

export const clearFlow = (ctx: Context): void => {
  try {
    storage(ctx)?.removeItem(ctx.cfg.clientId);
  } catch {
    // nothing to clear
  }
};

/**
 * A value kept for the browser session (this tab's session storage) under `key`, made by `make`
 * on first use; where there is no storage, a fresh one each time (spec 4.4: session-scoped ids).
 */
export const sessionValue = (ctx: Context, key: string, make: () => string): string => {
  const store = storage(ctx);
  const value = store?.getItem(key) || make();
  try {
    store?.setItem(key, value);
  } catch {
    // full: not kept
  }
  return value;
};
