import { checkOptions, LOGIN_RULES, normaliseScope } from './config';
import { type Context, contextFor, endpoint, failure, guard, sessionId } from './context';
import { MSG_CRYPTO, MSG_STORAGE } from './errors';
import { type FlowData, writeFlow } from './flow-storage';
import { randomString, sha256 } from './pkce';
import type { LoginConfig, LoginOptions } from './types';

/**
 * Creates a fresh PKCE flow (verifier 128, state 43, nonce 11 bound to the verifier), stores it under the client id and
 * returns `{authUrl}/oauth2/auth` with every parameter of spec 7.1; empty optional ones are left out.
 * `prompt` and `source` apply to this URL only. `keep`: where a silent sign-in keeps its flow
 * instead (in memory: it never touches the stored flow of a redirect or popup sign-in).
 * Without a working session storage the sign-in could only come back to a state mismatch, so it
 * fails here, before the page leaves, with `STORAGE_ERROR`.
 * @see https://www.rfc-editor.org/rfc/rfc7636
 */
export async function authorizeUrl(ctx: Context, options: LoginOptions = {}, keep?: (flow: FlowData) => void): Promise<URL> {
  const { cfg, win } = ctx;
  checkOptions(options);
  const { crypto } = win;
  // Plain-http pages have no `crypto.subtle`: say so, not "cannot read 'digest' of undefined".
  if (!crypto?.subtle) throw failure(ctx, 'UNEXPECTED_ERROR', MSG_CRYPTO);
  const code_verifier = randomString(128, crypto);
  const state = randomString(43, crypto);
  const code_challenge = await sha256(code_verifier, crypto);
  const gsid = await sha256(state, crypto);
  // `nonceFor(code_verifier)`, written out: the call cost 11 B gzip in a popup login (tests hold the two equal).
  const nonce = (await sha256(`nonce:${code_verifier}`, crypto)).slice(0, 11);
  const flow = { code_verifier, redirect_uri: cfg.redirectUri, state, gsid, appState: options.appState };
  if (keep) keep(flow);
  else if (!writeFlow(ctx, flow)) throw failure(ctx, 'STORAGE_ERROR', MSG_STORAGE);
  const params: Record<string, string | undefined> = {
    code_challenge,
    code_challenge_method: 'S256',
    response_type: 'code',
    redirect_uri: cfg.redirectUri,
    client_id: cfg.clientId,
    scope: normaliseScope(cfg.scope).join(' '),
    state,
    nonce,
    prompt: options.prompt,
    source: options.source,
    sid: sessionId(ctx),
    cid: cfg.cid,
    session_id: cfg.session_id,
    appmetrica_device_id: cfg.appmetrica_device_id,
    product_name: cfg.product_name,
    quuid: options.quuid,
    login_hint: options.loginHint,
    ui_locales: options.uiLocales,
    max_age: `${options.maxAge ?? ''}`,
    acr_values: options.acrValues,
  };
  const url = endpoint(ctx, cfg.authUrl, '/oauth2/auth');
  // The site's extra parameters first: the SDK's own win over them, but only those it sets (an
  // unset `prompt` or `login_hint` leaves the site's).
  for (const [key, value] of [...Object.entries(options.extraParams ?? {}), ...Object.entries(params)])
    if (value) url.searchParams.set(key, value);
  return url;
}

/** Redirect sign-in: stores a new flow and sends this window to the provider (resolves `undefined`: no tokens here). */
export const redirectLogin = (ctx: Context, options?: LoginOptions): Promise<undefined> => guard(ctx, redirectSteps(ctx, options));

async function redirectSteps(ctx: Context, options?: LoginOptions): Promise<undefined> {
  const url = await authorizeUrl(ctx, options);
  ctx.trackEvent('login', 'redirect', options?.source);
  ctx.win.location.assign(url.href);
}

/**
 * Signs in by redirect: stores a new PKCE flow in `sessionStorage` and navigates to the provider's
 * authorize page. The provider returns to `redirectUri`, where `handleRedirectCallback` finishes.
 * @example
 * import { loginWithRedirect } from '@gid/sdk';
 * button.onclick = () => loginWithRedirect(config);
 * @see accounts-sso.md 4.4, 7.1
 */
export const loginWithRedirect = async (config: LoginConfig, options?: LoginOptions): Promise<void> =>
  redirectLogin(contextFor(config, LOGIN_RULES), options);
