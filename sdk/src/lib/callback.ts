import { redirectLogin } from './authorize-url';
import { LOGIN_RULES, scopeList } from './config';
import { type Context, contextFor, failure } from './context';
import { type GidErrorCode, MSG_AUTH } from './errors';
import { readFlow } from './flow-storage';
import { POPUP_ACK, POPUP_MESSAGE, type PopupMessage, stateChannel } from './popup-channel';
import { requestTokens } from './token';
import type { GidTokens, LoginConfig, TokenResult } from './types';

/**
 * Validates a callback's parameters against the stored flow (spec 5.1) and exchanges the code.
 * Accepted only with a non-empty `code`, a stored `code_verifier`, the stored `state`, `openid`
 * in `scope`, and no `error`; anything else clears the flow, reaches `callback` and rejects.
 */
export async function completeCallback(ctx: Context, params: URLSearchParams): Promise<GidTokens> {
  const flow = readFlow(ctx);
  const code = params.get('code');
  const error = params.get('error');
  const problem: GidErrorCode | undefined = error
    ? 'AUTH_ERROR'
    : !code
      ? 'CODE_ERROR'
      : !flow?.code_verifier || flow.state !== params.get('state')
        ? 'STATE_MISMATCH'
        : !scopeList(params.get('scope') ?? '').includes('openid')
          ? 'AUTH_ERROR'
          : undefined;
  if (problem) {
    // `callback` gets the provider's error as the error (else the message), and its description.
    throw failure(ctx, problem, error || MSG_AUTH, { error_description: params.get('error_description') || undefined });
  }
  // No problem: there is a code and a flow.
  return requestTokens(ctx, {
    grant_type: 'authorization_code',
    client_id: ctx.cfg.clientId,
    redirect_uri: flow!.redirect_uri,
    code_verifier: flow!.code_verifier,
    code: code!,
    state: flow!.state,
  });
}

/**
 * In a popup whose opener COOP cut off: hands the callback URL over the BroadcastChannel named by
 * the state and resolves true once the opener acknowledges it (within 1.5 s).
 */
const broadcastToOpener = (win: Window, state: string, url: string): Promise<boolean> =>
  new Promise<boolean>((resolve) => {
    const channel = stateChannel(win, state, (data) => (data as { name?: string } | null)?.name === POPUP_ACK && done(true));
    if (!channel) return resolve(false);
    const done = (acknowledged: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(acknowledged);
    };
    const timer = setTimeout(done, 1500, false);
    channel.postMessage({ name: POPUP_MESSAGE, url } satisfies PopupMessage);
  });

/**
 * The callback page's work (spec 4.4): nothing without a query; a `quuid` restarts the sign-in;
 * inside our popup the URL goes to the opener; otherwise the answer is checked and exchanged.
 */
export const handleCallback = async (ctx: Context, href?: string): Promise<TokenResult | undefined> => {
  const { win } = ctx;
  const here = win.location;
  const url = new URL(href ?? here.href, here.href);
  const params = url.searchParams;
  const quuid = params.get('quuid');
  const state = params.get('state');
  // A complete answer: the state with an error, or with the code and the scope.
  const answer = state && (params.get('error') || (params.get('code') && params.get('scope')));
  let opener: Window | undefined;
  try {
    // Our popup: opened by a window of this origin (reading another origin's location throws).
    if (win.opener !== win && win.opener?.location.origin === here.origin) opener = win.opener;
  } catch {
    // an opener of another origin: not ours
  }
  if (opener && (!url.search || quuid || answer)) {
    // In our popup: the opener finishes (an empty url when the provider sent no query). Never to another origin.
    return void opener.postMessage({ name: POPUP_MESSAGE, url: url.search && url.href } satisfies PopupMessage, here.origin);
  }
  if (quuid) return redirectLogin(ctx, { quuid });
  if (!answer) return undefined;
  if (url.href === here.href) {
    // Take the answer out of the address bar (and history).
    const clean = new URL(url);
    // The parameters the provider adds to the redirect URI.
    for (const name of ['iss', 'state', 'scope', 'session_state', 'error_description', 'error', 'code', 'quuid'])
      clean.searchParams.delete(name);
    win.history.replaceState(win.history.state, '', clean.href);
  }
  // No flow of ours for this state: maybe a popup whose opener COOP cut off.
  if (readFlow(ctx)?.state !== state && (await broadcastToOpener(win, state, url.href))) {
    return void win.close();
  }
  return completeCallback(ctx, params);
};

/**
 * Finishes a sign-in on the `redirectUri` page: checks the provider's answer against the stored
 * flow (spec 5.1), exchanges the code at `{backendUrl}{oauth2CodePath}` and resolves with the
 * tokens (also given to `callback`). Inside a popup it hands the answer to the opener instead, and
 * on a page without an answer it does nothing (resolves `undefined`).
 * @example
 * import { handleRedirectCallback } from '@gid/sdk';
 * handleRedirectCallback(config).then((tokens) => tokens && signIn(tokens));
 * @see accounts-sso.md 4.4, 5.1
 */
export const handleRedirectCallback = async (config: LoginConfig, url?: string): Promise<TokenResult | undefined> =>
  handleCallback(contextFor(config, LOGIN_RULES), url);
