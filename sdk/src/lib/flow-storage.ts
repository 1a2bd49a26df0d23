import type { Context } from './context';

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

export const writeFlow = (ctx: Context, flow: FlowData): void => storage(ctx)?.setItem(ctx.cfg.clientId, JSON.stringify(flow));

export const clearFlow = (ctx: Context): void => storage(ctx)?.removeItem(ctx.cfg.clientId);
