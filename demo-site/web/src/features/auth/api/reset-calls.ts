import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import { messageSchema } from './schemas';

/** POST /api/auth/resetpassword: a letter with the reset link (the server answers known and unknown addresses alike). */
export const requestPasswordReset = (email: string) =>
  requestParsed(messageSchema, { url: '/api/auth/resetpassword', method: 'POST', data: { email } });

/** PUT /api/auth/resetpassword: the letter's code for a short-lived `secure` token. */
export const checkResetCode = (code: string) =>
  requestParsed(z.looseObject({ secure: z.string().check(z.minLength(1)) }), {
    url: '/api/auth/resetpassword',
    method: 'PUT',
    data: { code },
  });

/** POST /api/auth/resetpassword/update: the new password. */
export const updatePassword = (body: { secure: string; password: string }) =>
  requestParsed(messageSchema, { url: '/api/auth/resetpassword/update', method: 'POST', data: body });
