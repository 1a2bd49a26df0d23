import { type Context, failure, report } from './context';
import { GidError, MSG_NO_BACKEND, MSG_TOKEN, MSG_TOKEN_RESPONSE } from './errors';
import { clearFlow } from './flow-storage';
import { sanitizeHeaders } from './headers';
import type { GidTokens } from './types';

export type TokenRequestBody =
  | { grant_type: 'authorization_code'; client_id: string; redirect_uri: string; code_verifier: string; code: string; state: string }
  | { grant_type: 'refresh_token'; client_id: string; refresh_token: string };

const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** `{backendUrl}{path}` resolved against the page, or undefined (and logged) without a backend. */
export function backendEndpoint(ctx: Context, path: string): string | undefined {
  if (!ctx.cfg.backendUrl) {
    console.error('[GID SDK]', MSG_NO_BACKEND);
    return undefined;
  }
  return new URL(ctx.cfg.backendUrl.replace(/\/+$/, '') + path, ctx.win.location.href).href;
}

/** POSTs JSON with the sanitised custom headers, same-origin credentials and no caching (spec 7.1). */
export const postJson = (ctx: Context, url: string, body: unknown): Promise<Response> =>
  ctx.fetch(url, {
    method: 'POST',
    headers: {
      ...sanitizeHeaders(ctx.cfg.headers, (name, reason) => ctx.debug(`header "${name}" dropped: ${reason}`)),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    cache: 'no-store',
  });

/**
 * The token call `POST {backendUrl}{oauth2CodePath}`. An error response (a JSON `error`) reaches
 * `callback` with `error`, `error_description`, `status`, `retry_after_seconds` and rejects with
 * `Token response error`; any other failure rejects with `Ошибка при получении токена`. Either way
 * the flow data is cleared. Success reaches `callback` and clears the flow data too.
 */
export async function requestTokens(ctx: Context, body: TokenRequestBody): Promise<GidTokens> {
  // A refresh must never touch the flow data of a sign-in that may be in progress.
  const isCode = body.grant_type === 'authorization_code';
  const url = backendEndpoint(ctx, ctx.cfg.oauth2CodePath);
  if (!url) {
    throw isCode ? failure(ctx, 'TOKEN_ERROR', MSG_TOKEN, { cause: MSG_NO_BACKEND }) : new GidError('TOKEN_ERROR', MSG_NO_BACKEND);
  }
  let response: Response;
  let data: Record<string, unknown> | undefined;
  try {
    response = await postJson(ctx, url, body);
    data = await response.json().catch(() => undefined);
  } catch (cause) {
    throw failure(ctx, 'TOKEN_ERROR', MSG_TOKEN, { cause }, isCode);
  }
  if (data && typeof data.error === 'string' && data.error) {
    throw failure(
      ctx,
      'TOKEN_RESPONSE_ERROR',
      MSG_TOKEN_RESPONSE,
      {
        error: data.error,
        error_description: typeof data.error_description === 'string' ? data.error_description : undefined,
        status: num(data.status) ?? response.status,
        retry_after_seconds: num(data.retry_after_seconds) ?? num(response.headers.get('Retry-After')),
      },
      isCode,
    );
  }
  if (!response.ok || !data || typeof data.access_token !== 'string' || !data.access_token) {
    throw failure(ctx, 'TOKEN_ERROR', MSG_TOKEN, { status: response.status }, isCode);
  }
  const tokens: GidTokens = { access_token: data.access_token };
  for (const key of ['id_token', 'refresh_token', 'expires_in', 'scope', 'token_type', 'additional_data'] as const) {
    if (data[key] !== undefined) (tokens as unknown as Record<string, unknown>)[key] = data[key];
  }
  if (isCode) clearFlow(ctx.win, ctx.cfg.clientId);
  report(ctx, { ok: true, tokens });
  ctx.track('token', body.grant_type);
  return tokens;
}
