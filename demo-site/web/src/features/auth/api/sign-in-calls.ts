import * as z from 'zod/mini';
import { isApiError, request, requestParsed } from '../../../lib/api-client';
import { messageSchema, signedInSchema, userOnlySchema } from './schemas';

const linkAccountSchema = z.object({ email: z.string(), name: z.nullish(z.string()) });

/** PUT /api/auth (accounts-sso §7): e-mail and password; 418 when the address is not confirmed yet. */
export const loginByEmail = (body: { email: string; password: string }) =>
  requestParsed(signedInSchema, { url: '/api/auth', method: 'PUT', data: body });

/** POST /api/user/code: an SMS code to sign in (`registration: false`) or to register. */
export const requestSmsCode = (body: { phone: string; registration: boolean }) =>
  requestParsed(messageSchema, { url: '/api/user/code', method: 'POST', data: body });

/** PUT /api/auth/phone: signs in with the SMS code. */
export const loginByPhone = (body: { phone: string; phone_code: string }) =>
  requestParsed(signedInSchema, { url: '/api/auth/phone', method: 'PUT', data: body });

/** POST /api/user/confirm/email: the confirmation letter again. */
export const resendConfirmation = (body: { email: string }) =>
  requestParsed(messageSchema, { url: '/api/user/confirm/email', method: 'POST', data: body });

/** POST /api/user: registration by e-mail; the answer's message says to confirm the address. */
export const registerByEmail = (body: { email: string; password: string; mailing: boolean }) =>
  requestParsed(messageSchema, { url: '/api/user', method: 'POST', data: body });

/** POST /api/user/phone: registration by phone with the SMS code; signs in. */
export const registerByPhone = (body: { phone: string; phone_code: string; mailing: boolean }) =>
  requestParsed(signedInSchema, { url: '/api/user/phone', method: 'POST', data: body });

/**
 * POST /api/user/verify/email: the letter's code confirms the address and signs in. An account made
 * with a password confirms only with it (a 400 with `password_required` asks for it).
 */
export const verifyEmail = (code: string, password?: string) =>
  requestParsed(signedInSchema, { url: '/api/user/verify/email', method: 'POST', data: password ? { code, password } : { code } });

const confirmationSchema = z.object({ email: z.string(), password_required: z.boolean() });

/**
 * POST /api/user/verify/email/check: whose address a confirmation link confirms and whether the
 * registration password is needed — shown before anything is sent (nothing is used up).
 */
export const checkConfirmation = (code: string) =>
  requestParsed(confirmationSchema, { url: '/api/user/verify/email/check', method: 'POST', data: { code } });

/** Whether a confirmation failed for want of the registration password (the page then asks for it). */
export const needsRegistrationPassword = (error: unknown): boolean =>
  isApiError(error) && error.status === 400 && (error.data as { password_required?: unknown } | null)?.password_required === true;

/** POST /api/auth/link/check: whose account a sign-in link's code opens (nothing is used up). */
export const checkSignInLink = (code: string) =>
  requestParsed(linkAccountSchema, { url: '/api/auth/link/check', method: 'POST', data: { code } });

/** POST /api/auth/link/session: the sign-in link's code, once, for a session. */
export const signInByLink = (code: string) =>
  requestParsed(signedInSchema, { url: '/api/auth/link/session', method: 'POST', data: { code } });

/** POST /api/user/verify/new/email: confirms a changed address (answers the new e-mail). */
export const verifyNewEmail = (code: string) =>
  request<{ email?: string; message?: string }>({ url: '/api/user/verify/new/email', method: 'POST', data: { code } });

/** POST /api/auth/logout: ends this session on the server. */
export const logout = () => request({ url: '/api/auth/logout', method: 'POST' });

/**
 * POST /api/user/{network}/state: the server's `state` for a social flow about to start, kept with its
 * return address and PKCE challenge; the return call brings it back with the verifier (issue 33).
 */
export const startSocialFlow = (network: 'vk' | 'google', body: { redirect_uri: string; code_challenge: string }) =>
  requestParsed(z.object({ state: z.string() }), { url: `/api/user/${network}/state`, method: 'POST', data: body, anonymous: true });

/** POST /api/user/{network}: the return page's code, exchanged by the server; signs in or up. */
export const socialSignIn = (
  network: 'vk' | 'google',
  body: { code: string; redirect_uri: string; code_verifier: string; state: string },
) => requestParsed(signedInSchema, { url: `/api/user/${network}`, method: 'POST', data: body });

/** POST /api/user/add/{network}: links the network's account to the signed-in user (409 when it is someone else's). */
export const socialLink = (
  network: 'vk' | 'google',
  body: { code: string; redirect_uri: string; code_verifier: string; state: string; proof: string },
) => requestParsed(userOnlySchema, { url: `/api/user/add/${network}`, method: 'POST', data: body });
