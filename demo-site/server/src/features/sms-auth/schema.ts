import { z } from 'zod';
import { phone, smsCode } from '../../lib/schemas';

export const codeRequestBody = z.strictObject({ phone, registration: z.boolean().default(false) });
export const phoneSignInBody = z.strictObject({ phone, phone_code: smsCode });
export const phoneRegisterBody = z.strictObject({ phone, phone_code: smsCode, mailing: z.boolean().default(false) });
