import type { ContentLanguage, LetterText } from '../../lib/language';

/**
 * The lockout letters (the same text by SMS) to an account's owner (issue 35). The Russian texts stay
 * word for word; the English ones say the same plainly.
 */

/** A lock's length as the letters say it: `15 мин.`, `24 ч.`; in English `15 min.`, `24 h.` */
export const lockDuration = (ms: number, language: ContentLanguage = 'ru'): string => {
  const hours = ms >= 2 * 3_600_000;
  const amount = hours ? Math.round(ms / 3_600_000) : Math.max(1, Math.round(ms / 60_000));
  if (language === 'en') return `${amount} ${hours ? 'h.' : 'min.'}`;
  return `${amount} ${hours ? 'ч.' : 'мин.'}`;
};

/** Password sign-in locked after `maxFailures` wrong passwords. */
export function passwordLockedLetter(language: ContentLanguage, rule: { maxFailures: number; lockMs: number }): LetterText {
  if (language === 'en')
    return {
      subject: 'Attempts to sign in to your account',
      text: `A wrong password for your account was entered ${rule.maxFailures} times in a row on the Heroes League site. Password sign-in is paused for ${lockDuration(rule.lockMs, language)} If it wasn't you, change the password with “Forgot the password?”; you can also sign in with an SMS code.`,
    };
  return {
    subject: 'Попытки войти в ваш аккаунт',
    text: `На сайте «Герои» ${rule.maxFailures} раз подряд ввели неверный пароль от вашего аккаунта. Вход паролем приостановлен на ${lockDuration(rule.lockMs)} Если это были не вы, смените пароль через «Забыли пароль?»; войти можно и по SMS-коду.`,
  };
}

/** Codes locked after many wrong ones. */
export function codesLockedLetter(language: ContentLanguage, lockMs: number): LetterText {
  if (language === 'en')
    return {
      subject: 'Attempts to guess a code',
      text: `A wrong confirmation code was entered many times on the Heroes League site. Codes are paused for ${lockDuration(lockMs, language)} If it wasn't you, never tell anyone the codes from SMS and letters.`,
    };
  return {
    subject: 'Попытки подобрать код',
    text: `На сайте «Герои» много раз ввели неверный код подтверждения. Коды приостановлены на ${lockDuration(lockMs)} Если это были не вы, никому не сообщайте коды из SMS и писем.`,
  };
}
