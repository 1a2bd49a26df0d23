import type { ContentLanguage } from '../../lib/language';

/**
 * The SMS texts of sign-in by phone in the language of the request that sent them (issue 35). The
 * Russian texts stay word for word; the English ones say the same plainly.
 */

/** A code to sign in, register or confirm a new number. */
export const codeSms = (language: ContentLanguage, code: string, minutes: number): string =>
  language === 'en'
    ? `Heroes League code: ${code}. Valid for ${minutes} minutes. Do not tell it to anyone.`
    : `Код для сайта «Герои»: ${code}. Действует ${minutes} минут. Никому его не сообщайте.`;

/** Asked to register a number that already has an account. */
export const alreadyRegisteredSms = (language: ContentLanguage): string =>
  language === 'en'
    ? 'This number is already registered on the Heroes League site. Sign in with an SMS code.'
    : 'Этот номер уже зарегистрирован на сайте «Герои». Войдите по SMS-коду.';
