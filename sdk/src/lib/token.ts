import { DEFAULT_CODE_PATH } from './config';
import { type Context, contextFor, copyDefined, endpoint, failure, PREFIX, report, signOuts } from './context';
import {
  aborted,
  GidError,
  type GidErrorCode,
  type GidErrorDetails,
  MSG_BAD_TOKEN,
  MSG_NO_BACKEND,
  MSG_TOKEN,
  MSG_TOKEN_RESPONSE,
} from './errors';
import { clearFlow } from './flow-storage';
import { sanitizeHeaders } from './headers';
import type { CoreConfig, GidTokens, TokenResult } from './types';

export type TokenRequestBody =
  | { grant_type: 'authorization_code'; client_id: string; redirect_uri: string; code_verifier: string; code: string; state: string }
  | { grant_type: 'refresh_token'; client_id: string; refresh_token: string };

/** A finite number, also from a numeric string (a `Retry-After` header); else undefined. */
const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() ? +value : value;
  return Number.isFinite(n) ? (n as number) : undefined;
};

/**
 * POSTs JSON to `{backendUrl}{path}` (resolved against the page) with the sanitised custom headers,
 * same-origin credentials and no caching (spec 7.1). Without a backend: logged, resolves undefined.
 * One function for the URL and the call: the two cost 12 B gzip more in a popup login.
 */
export async function postToBackend(ctx: Context, path: string, body: unknown): Promise<Response | undefined> {
  const { backendUrl } = ctx.cfg;
  if (!backendUrl) return void console.error(PREFIX, MSG_NO_BACKEND);
  const headers = new Headers(sanitizeHeaders(ctx.cfg.headers, ctx.debugLog));
  // A hung request is given up: it would hold every tab's refresh lock forever. A timer, not
  // `AbortSignal.timeout` (Safari 16, Chrome 103): see the README's browser baseline.
  const abort = new AbortController();
  setTimeout(() => abort.abort(), ctx.cfg.httpTimeoutMs || HTTP_TIMEOUT_MS);
  // The SDK's own wins over a custom `content-type` in any case (it would otherwise be merged in).
  headers.set('Content-Type', 'application/json');
  const url = endpoint(ctx, backendUrl, path).href;
  const call = ctx.fetchFn(url, {
    cache: 'no-store',
    headers,
    body: JSON.stringify(body),
    credentials: 'same-origin',
    method: 'POST',
    signal: abort.signal,
  });
  // With `debugConsole`, a call that failed names the URL it went to (a wrong `backendUrl` or path).
  call.then(
    (response) => response.ok || ctx.debugLog('POST', url, response.status),
    (error) => ctx.debugLog('POST', url, error),
  );
  return call;
}

const TOKEN_FIELDS = ['id_token', 'refresh_token', 'scope', 'token_type', 'additional_data'];

/** How long a backend call may take by default (`httpTimeoutMs`). */
export const HTTP_TIMEOUT_MS = 30_000;

/**
 * The token call `POST {backendUrl}{oauth2CodePath}`. An error response (a JSON `error`) reaches
 * `callback` with `error`, `error_description`, `status`, `retry_after_seconds` and rejects with
 * `Token response error`; any other failure (no backend too) rejects with `Ошибка при получении токена`.
 * Either way the flow data is cleared. Success reaches `callback` and clears the flow data too.
 * A refresh passes `endsFlow` false: it never touches the flow data (see `refresh`). `expires_in`
 * is kept only as a number (a numeric string becomes one). `appState`: the sign-in's, handed back
 * beside the tokens (in `callback`'s result and in what this resolves to).
 */
export async function requestTokens(
  ctx: Context,
  body: TokenRequestBody,
  endsFlow: boolean | string = true,
  appState?: unknown,
): Promise<TokenResult> {
  // The exchange ends its own flow only: another sign-in may have stored one meanwhile.
  const ends = endsFlow && (body as { state?: string }).state;
  const fail = (code: GidErrorCode, message: string, details: GidErrorDetails) => failure(ctx, code, message, details, ends);
  let response: Response | undefined;
  let data: Record<string, unknown>;
  // A sign-out while the call was out (see `signOut`): its answer is nobody's.
  const since = ctx.out;
  try {
    response = await postToBackend(ctx, ctx.cfg.oauth2CodePath ?? DEFAULT_CODE_PATH, body);
    // The JSON body as an object: {} for no JSON, or for JSON that is no object.
    data = Object(await response?.json().catch(() => undefined));
  } catch (cause) {
    throw fail('TOKEN_ERROR', MSG_TOKEN, { cause });
  }
  if (since !== ctx.out) throw aborted();
  if (!response) throw fail('TOKEN_ERROR', MSG_TOKEN, { cause: MSG_NO_BACKEND });
  const { error, error_description, access_token } = data;
  if (typeof error === 'string' && error) {
    throw fail('TOKEN_RESPONSE_ERROR', MSG_TOKEN_RESPONSE, {
      error,
      error_description: typeof error_description === 'string' ? error_description : undefined,
      status: num(data.status) ?? response.status,
      retry_after_seconds: num(data.retry_after_seconds) ?? num(response.headers.get('Retry-After')),
    });
  }
  if (!response.ok || typeof access_token !== 'string' || !access_token) throw fail('TOKEN_ERROR', MSG_TOKEN, { status: response.status });
  // A refresh answer without a refresh token keeps the one used (a backend that does not rotate them).
  const tokens = copyDefined<GidTokens>(
    { access_token, expires_in: num(data.expires_in), refresh_token: (body as { refresh_token?: string }).refresh_token },
    data,
    TOKEN_FIELDS,
  );
  if (ends) clearFlow(ctx, ends);
  ctx.got = [tokens, signOuts];
  const extra = appState === undefined ? {} : { appState };
  report(ctx, { ok: true, tokens, ...extra });
  ctx.trackEvent('token', body.grant_type);
  return { ...tokens, ...extra };
}

/** Exchanges a refresh token; concurrent refreshes of one token share one request (refresh tokens are often single-use). */
export function refresh(ctx: Context, refreshToken: string): Promise<GidTokens> {
  if (typeof refreshToken !== 'string' || !refreshToken) {
    return Promise.reject(new GidError('CONFIG_ERROR', MSG_BAD_TOKEN, { field: 'refreshToken' }));
  }
  ctx.refreshes ??= new Map();
  const { refreshes } = ctx;
  let pending = refreshes.get(refreshToken);
  if (!pending) {
    // A refresh must never touch the flow data of a sign-in that may be in progress. Without a
    // backend it rejects at once (logged), and `callback` never hears of it.
    if (ctx.cfg.backendUrl) {
      pending = requestTokens(ctx, { grant_type: 'refresh_token', client_id: ctx.cfg.clientId, refresh_token: refreshToken }, false);
    } else {
      console.error(PREFIX, MSG_NO_BACKEND);
      pending = Promise.reject(new GidError('TOKEN_ERROR', MSG_NO_BACKEND));
    }
    refreshes.set(refreshToken, pending);
    const done = () => refreshes.delete(refreshToken);
    pending.then(done, done);
  }
  return pending;
}

/**
 * Exchanges a refresh token through the site's backend (`grant_type=refresh_token`, spec 7.1) and
 * resolves with the new tokens (also given to `callback`). Never touches a sign-in in progress.
 * Reads only the core of the config: no `authUrl` or `redirectUri` needed.
 * @example
 * import { refreshTokens } from '@gid/sdk';
 * const tokens = await refreshTokens(config, saved.refresh_token);
 * @see accounts-sso.md 7.1
 */
export const refreshTokens = async (config: CoreConfig, refreshToken: string): Promise<TokenResult> => {
  const ctx = contextFor(config);
  // The function forms' client of this config (`getAccessToken`, …) keeps the answer, merged.
  return ctx.fnClient ? ctx.fnClient.refresh(refreshToken) : refresh(ctx, refreshToken);
};
