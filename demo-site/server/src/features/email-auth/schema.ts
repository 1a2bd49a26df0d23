import { z } from 'zod';
import { email, emailPattern, linkCode } from '../../lib/schemas';
import { enteredPassword, newPassword } from '../users/schema';

export const registerBody = z.strictObject({ email, password: newPassword, mailing: z.boolean().default(false) });
export const loginBody = z.strictObject({ email, password: enteredPassword });
export const emailBody = z.strictObject({ email });
export const linkCodeBody = z.strictObject({ code: linkCode });
/** The confirmation link's code, with the registration password when the account has one. */
export const confirmEmailBody = z.strictObject({ code: linkCode, password: enteredPassword.optional() });

const notReal = 'Укажите действительный адрес';
export const realEmailBody = z.strictObject({
  email: z.string({ error: notReal }).trim().toLowerCase().max(254, notReal).regex(emailPattern, notReal),
});
