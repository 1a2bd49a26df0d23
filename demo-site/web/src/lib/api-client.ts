import { getToken } from './auth';
import { contentLanguage } from './content-language';
import { takeEarlyResponse } from './early-responses';

/** ticketing-shop §7 and §9: every call times out after 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;

export type ApiErrorCode = 'http' | 'network' | 'timeout' | 'invalid-response';

/**
 * A failed call: `status` is the HTTP status (0 when no response came), `message` the server's
 * message when it sent one. The HTTP layer only reports; screens decide what to show.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly data: unknown;

  constructor(init: { status: number; code: ApiErrorCode; message: string; data?: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
  }
}

/** Type guard that does not rely on `instanceof` (works across bundles and windows). */
export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'ApiError' &&
    typeof (error as ApiError).status === 'number'
  );
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** A path on the page's own origin, with or without the leading slash (the spec writes both). */
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart/form-data (file uploads). */
  data?: unknown;
  params?: QueryParams;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** For tests: another fetch. */
  fetch?: typeof fetch;
  /** Sent without the stored token (ticketing-shop §6: a temporary user pays without it). */
  anonymous?: boolean;
}

/** The URL of a call: same origin, a leading slash, query parameters without empty values. */
export function buildUrl(url: string, params?: QueryParams): string {
  const path = url.startsWith('/') ? url : `/${url}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/** `promise`, or a rejection as soon as `signal` aborts (for a request this code did not start). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

function serverMessage(data: unknown): string | undefined {
  if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string') {
    return (data as { message: string }).message;
  }
  return undefined;
}

/**
 * The generic helper of ticketing-shop §7: url, method, data and params in; the response's JSON
 * out, or an {@link ApiError} with the status and the server's data.
 */
export async function request<T = unknown>(options: RequestOptions): Promise<T> {
  const { method = 'GET', data, params, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) controller.abort();

  // FormData goes as multipart/form-data: the browser writes that content type, with its boundary.
  const form = typeof FormData !== 'undefined' && data instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (data !== undefined && !form) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // The catalogue answers in the site's language, not the browser's (lib/content-language.ts).
  const language = contentLanguage();
  headers['Accept-Language'] = language;

  const url = buildUrl(options.url, params);
  // The page's own origin, spelled out so that every fetch implementation resolves it the same way.
  const origin = globalThis.location?.origin;
  const href = origin && origin !== 'null' ? `${origin}${url}` : url;
  // A GET the page's boot script already sent (same URL, token and language) is not sent again.
  const early = method === 'GET' && !options.fetch ? takeEarlyResponse(url, token, language) : undefined;
  let response: Response;
  try {
    response = await (early
      ? untilAborted(early, controller.signal)
      : (options.fetch ?? fetch)(href, {
          method,
          headers,
          body: data === undefined ? null : form ? (data as FormData) : JSON.stringify(data),
          signal: controller.signal,
          credentials: 'same-origin',
        }));
  } catch (cause) {
    if (timedOut) throw new ApiError({ status: 0, code: 'timeout', message: `${method} ${url}: no response in ${timeoutMs} ms`, cause });
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'network', message: `${method} ${url}: no response`, cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch (cause) {
      if (response.ok)
        throw new ApiError({
          status: response.status,
          code: 'invalid-response',
          message: `${method} ${url}: the response is not JSON`,
          cause,
        });
      body = text;
    }
  }
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: 'http',
      message: serverMessage(body) ?? `${method} ${url}: HTTP ${response.status}`,
      data: body,
    });
  }
  return body as T;
}

/** Parses a response with its operation's schema; a mismatch is reported like a bad response. */
export function parseWith<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown } },
  value: unknown,
  url: string,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError({ status: 200, code: 'invalid-response', message: `${url}: unexpected response`, data: value, cause: result.error });
}

/** A call whose response is checked against its operation's schema. */
export async function requestParsed<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown } },
  options: RequestOptions,
): Promise<T> {
  return parseWith(schema, await request(options), options.url);
}
