/** What one sign-in in progress needs to survive the trip to the provider (sdk-contract.md). */
export interface FlowData {
  code_verifier: string;
  redirect_uri: string;
  state: string;
  gsid: string;
}

const storage = (win: Window): Storage | undefined => {
  try {
    return win.sessionStorage;
  } catch {
    return undefined; // storage disabled (e.g. sandboxed or privacy mode): behave as if empty
  }
};

/** Reads the flow data kept under the client id; anything malformed counts as none. */
export function readFlow(win: Window, clientId: string): FlowData | undefined {
  try {
    const data = JSON.parse(storage(win)?.getItem(clientId) ?? 'null') as Partial<FlowData> | null;
    if (data && typeof data.code_verifier === 'string' && typeof data.state === 'string') return data as FlowData;
  } catch {
    // malformed JSON: treated as no flow
  }
  return undefined;
}

export const writeFlow = (win: Window, clientId: string, flow: FlowData): void => storage(win)?.setItem(clientId, JSON.stringify(flow));

export const clearFlow = (win: Window, clientId: string): void => storage(win)?.removeItem(clientId);
