import { z } from 'zod';
import { normalizePhone } from '../../lib/phone';
import { emailPattern, normalizeOr, text } from '../../lib/schemas';

const emailMessage = 'Введите корректный email';
const phoneMessage = 'Введите корректный телефон';

/** POST /api/support (accounts-sso §2.14): the support popup's messages. */
export const supportBody = z.strictObject({
  name: text(100).min(1, 'Заполните имя'),
  email: z.string({ error: emailMessage }).trim().toLowerCase().max(254, emailMessage).regex(emailPattern, emailMessage),
  phone: z.string({ error: phoneMessage }).max(32, phoneMessage).transform(normalizeOr(normalizePhone, phoneMessage)),
  text: text(4000).default(''),
  support_type: z.string().regex(/^[a-z_]{1,32}$/),
  mailing: z.boolean().default(false),
});

export const subscribeBody = z.strictObject({
  email: z.string({ error: emailMessage }).trim().toLowerCase().max(254, emailMessage).regex(emailPattern, emailMessage),
});
