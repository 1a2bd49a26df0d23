/** What the boot script (build/route-boot.ts) leaves on `window`: its requests by URL. */
export interface EarlyRequests {
  /** performance.now() when they were sent. */
  at: number;
  /** The token they carry (null for a guest). */
  token: string | null;
  /** The Accept-Language they carry (`lang` of localStorage); absent means Russian. */
  language?: string;
  responses: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __gidEarly?: EarlyRequests;
  }
}

/** Answers older than this are not used: the data may have changed since the page opened. */
const MAX_AGE_MS = 10_000;

/**
 * The boot script's answer to `GET url`, taken once, when it was asked with the same token, in the
 * same language and not long ago; otherwise undefined and the caller asks the server itself.
 */
export function takeEarlyResponse(url: string, token: string | null, language = 'ru'): Promise<Response> | undefined {
  const early = globalThis.window?.__gidEarly;
  const response = early?.responses[url];
  if (!early || !response) return undefined;
  delete early.responses[url];
  if (early.token !== token || (early.language ?? 'ru') !== language || performance.now() - early.at > MAX_AGE_MS) return undefined;
  return response;
}
