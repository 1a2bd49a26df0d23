import { z } from 'zod';

/** The request fields of a code exchange, shared by the GID token call and the social sign-in. */

/** An authorization code as the provider issued it: printable ASCII, bounded. */
export const authorizationCode = z.string().regex(/^[\x21-\x7e]{1,2048}$/);

/** RFC 7636 §4.1: 43–128 unreserved characters. */
export const codeVerifier = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/);

/** The redirect URI the code was issued for: an absolute http(s) URL. */
export const redirectUri = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol));

export const clientId = z.string().regex(/^[\x21-\x7e]{1,256}$/);

/** An opaque provider token (access or refresh). */
export const providerToken = z.string().regex(/^[\x21-\x7e]{1,4096}$/);

/** The callback's `state`: the client has checked it already; accepted so it may pass the whole callback on. */
export const state = z.string().max(1024);
