import { type Context, failure } from './context';
import { type GidErrorCode, MSG_AUTH } from './errors';
import { readFlow } from './flow-storage';
import { requestTokens } from './token';
import type { GidTokens } from './types';

/** Parameters the provider adds to the redirect URI; removed from the address bar once read. */
const CALLBACK_PARAMS = ['code', 'state', 'scope', 'error', 'error_description', 'session_state', 'iss', 'quuid'];

export const scopeList = (scope: string | null): string[] => (scope ?? '').split(/[\s,+]+/).filter(Boolean);

/** Takes the code out of the address bar (and history) with `history.replaceState`. */
export function cleanAddressBar(win: Window): void {
  const url = new URL(win.location.href);
  const before = url.search;
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
  if (url.search !== before) win.history.replaceState(win.history.state, '', url.href);
}

/**
 * Validates a callback URL against the stored flow (spec 5.1) and exchanges the code.
 * Accepted only with a non-empty `code`, a stored `code_verifier`, the stored `state`, `openid`
 * in `scope`, and no `error`; anything else clears the flow, reaches `callback` and rejects.
 */
export async function completeCallback(ctx: Context, href: string): Promise<GidTokens> {
  const params = new URL(href).searchParams;
  const flow = readFlow(ctx.win, ctx.cfg.clientId);
  const code = params.get('code');
  const error = params.get('error');
  const problem: GidErrorCode | undefined = error
    ? 'AUTH_ERROR'
    : !code
      ? 'CODE_ERROR'
      : !flow?.code_verifier || flow.state !== params.get('state')
        ? 'STATE_MISMATCH'
        : !scopeList(params.get('scope')).includes('openid')
          ? 'AUTH_ERROR'
          : undefined;
  if (problem || !flow || !code) {
    throw failure(ctx, problem ?? 'AUTH_ERROR', error || MSG_AUTH, {
      error: error || undefined,
      error_description: params.get('error_description') || undefined,
    });
  }
  return requestTokens(ctx, {
    grant_type: 'authorization_code',
    client_id: ctx.cfg.clientId,
    redirect_uri: flow.redirect_uri,
    code_verifier: flow.code_verifier,
    code,
    state: flow.state,
  });
}
