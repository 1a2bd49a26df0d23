import { z } from 'zod';

export const passwordMessages = {
  empty: 'Заполните поле',
  tooShort: 'Пароль должен состоять минимум из 4 символов',
  noUppercase: 'В пароле должна быть заглавная буква',
  noDigit: 'В пароле должна быть цифра',
  tooLong: 'Пароль должен быть не длиннее 128 символов',
} as const;

/** accounts-sso §5 registration password, checked in the spec's order; the first failing rule is the message. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return passwordMessages.empty;
  if (password.length < 4) return passwordMessages.tooShort;
  if (password.length > 128) return passwordMessages.tooLong;
  if (!/\p{Lu}/u.test(password)) return passwordMessages.noUppercase;
  if (!/\d/.test(password)) return passwordMessages.noDigit;
  return null;
}

/** A new password (registration, reset, change). */
export const newPassword = z.string({ error: passwordMessages.empty }).check((ctx) => {
  const problem = passwordProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

/** A password being checked at login: only bounded, never judged by the rules. */
export const enteredPassword = z
  .string({ error: passwordMessages.empty })
  .min(1, passwordMessages.empty)
  .max(256, passwordMessages.tooLong);
