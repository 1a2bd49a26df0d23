import { redirectLogin } from './authorize-url';
import { LOGIN_RULES, scopeList } from './config';
import { type Context, contextFor, failure, guard } from './context';
import { type GidErrorCode, MSG_AUTH } from './errors';
import { readFlow } from './flow-storage';
import { clientChannel, POPUP_ACK, POPUP_MESSAGE, POPUP_NAME, type PopupMessage, SILENT_NAME, stateChannel } from './popup-channel';
import { requestTokens } from './token';
import type { LoginConfig, TokenResult } from './types';

/**
 * Validates a callback's parameters against the flow (spec 5.1) and exchanges the code.
 * Accepted only with the flow's `state` (checked first, as oidc-client-ts does: an answer that is
 * not ours, error or not, never reaches `callback` with its text), a non-empty `code`, a stored
 * `code_verifier`, `openid` in `scope`, and no `error`; anything else clears the flow, reaches
 * `callback` and rejects. `flow`: the stored one, or a silent sign-in's own (kept in memory: then
 * `endsFlow` is false and the stored flow is never touched; a state: the caller's own flow, cleared
 * also when the answer is another's).
 */
export async function completeCallback(
  ctx: Context,
  params: URLSearchParams,
  flow = readFlow(ctx),
  endsFlow: boolean | string = true,
): Promise<TokenResult> {
  const code = params.get('code');
  const error = params.get('error');
  const mismatch = !flow?.code_verifier || flow.state !== params.get('state');
  const problem: GidErrorCode | undefined = mismatch
    ? 'STATE_MISMATCH'
    : error
      ? 'AUTH_ERROR'
      : !code
        ? 'CODE_ERROR'
        : !scopeList(params.get('scope') ?? '').includes('openid')
          ? 'AUTH_ERROR'
          : undefined;
  if (problem) {
    // The spec's message; `callback` and the error's `error` get the provider's code (else the
    // message), and its description: never those of an answer to another flow.
    throw failure(
      ctx,
      problem,
      MSG_AUTH,
      mismatch ? {} : { error: error || undefined, error_description: params.get('error_description') || undefined },
      // An answer to another flow never clears the one stored (another sign-in's), unless the
      // caller owns it (`endsFlow` its state: a popup's own).
      mismatch ? endsFlow !== true && endsFlow : endsFlow,
    );
  }
  // No problem: there is a code and a flow.
  return requestTokens(
    ctx,
    {
      grant_type: 'authorization_code',
      client_id: ctx.cfg.clientId,
      redirect_uri: flow!.redirect_uri,
      code_verifier: flow!.code_verifier,
      code: code!,
      state: flow!.state,
    },
    endsFlow,
    flow!.appState,
  );
}

/** How long a popup cut off by COOP waits for its opener's acknowledgement, saying it again every 1.5 s. */
export const ACK_WAIT_MS = 30_000;

/**
 * In a popup whose opener COOP cut off: hands the callback URL over the BroadcastChannel `name`
 * (the state's, or the client's for a `quuid`) and resolves with the opener's acknowledgement
 * within 1.5 s, else undefined (the page goes on by itself). The channel stays: said again every
 * 1.5 s for `ACK_WAIT_MS`, since on a phone the opener is a background tab, suspended until the
 * person goes back to it, and hears only then; its late acknowledgement closes this window.
 */
const broadcastToOpener = (win: Window, name: string, url: string): Promise<{ url?: unknown } | undefined> =>
  new Promise((resolve) => {
    const channel = stateChannel(win, name, (data) => (data as { name?: string } | null)?.name === POPUP_ACK && done(data as object));
    if (!channel) return resolve(undefined);
    let said = 1;
    const done = (ack?: object) => {
      clearInterval(timer);
      channel.close();
      resolve(ack);
      // Acknowledged late: the opener finishes the sign-in.
      if (ack && said > 1) win.close();
    };
    const say = () => channel.postMessage({ name: POPUP_MESSAGE, url } satisfies PopupMessage);
    const timer = setInterval(() => {
      resolve(undefined);
      if (said++ * 1500 < ACK_WAIT_MS) say();
      else done();
    }, 1500);
    say();
  });

/**
 * The page that opened this window as the SDK's popup, or holds it as its silent frame: a window
 * this SDK opened (by its name), opened by (or inside) a window of this origin (reading another
 * origin's location throws). Any other is not ours: undefined.
 */
export const hostOf = (win: Window): Window | undefined => {
  try {
    const host = win.name === POPUP_NAME ? win.opener : win.name === SILENT_NAME ? win.parent : undefined;
    if (host && host !== win && host.location.origin === win.location.origin) return host;
  } catch {
    // an opener of another origin: not ours
  }
};

/**
 * The callback page's work (spec 4.4): nothing without a query; a `quuid` restarts the sign-in;
 * inside our popup the URL goes to the opener; otherwise the answer is checked and exchanged.
 */
export const handleCallback = (ctx: Context, href?: string): Promise<TokenResult | undefined> => guard(ctx, callbackSteps(ctx, href));

async function callbackSteps(ctx: Context, href?: string): Promise<TokenResult | undefined> {
  const { win } = ctx;
  const here = win.location;
  const url = new URL(href ?? here.href, here.href);
  const params = url.searchParams;
  const quuid = params.get('quuid');
  const state = params.get('state');
  // A complete answer: the state with an error, or with a code and the scope. A code that is
  // there but empty is an answer too, and spec 5.1 rejects it (ignoring it left the flow stuck).
  const answer = state && (params.get('error') || (params.has('code') && params.get('scope')));
  const opener = hostOf(win);
  if (opener && (!url.search || quuid || answer)) {
    // In our popup: the opener finishes (an empty url when the provider sent no query). Never to another origin.
    return void opener.postMessage({ name: POPUP_MESSAGE, url: url.search && url.href } satisfies PopupMessage, here.origin);
  }
  if (quuid) {
    // No flow here: maybe a popup whose opener COOP cut off. Its opener makes the new flow and
    // says where to go; the popup must not start a sign-in of its own.
    const reply = readFlow(ctx) ? undefined : await broadcastToOpener(win, clientChannel(ctx.cfg.clientId), url.href);
    const next = typeof reply?.url === 'string' && new URL(reply.url);
    if (next && next.origin === new URL(ctx.cfg.authUrl).origin) return void win.location.replace(next.href);
    return redirectLogin(ctx, { quuid });
  }
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
}

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
