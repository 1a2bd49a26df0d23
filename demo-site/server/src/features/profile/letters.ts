import type { ContentLanguage, LetterText } from '../../lib/language';

/**
 * The profile's letters and SMS in the language of the request that sent them (issue 35): the proof
 * code, the new address's link, the notices of a change. The Russian texts stay word for word; the
 * English ones say the same plainly. The notices are framed by `noticeLetter` (features/accounts).
 */

/** The code proving it is the owner (the same text by e-mail and by SMS). */
export function proofCodeLetter(language: ContentLanguage, code: string, minutes: number): LetterText {
  if (language === 'en')
    return {
      subject: 'Confirmation code',
      text: `Code to confirm a change of your account on the Heroes League site: ${code}. Valid for ${minutes} minutes. Do not tell it to anyone.`,
    };
  return {
    subject: 'Код подтверждения',
    text: `Код подтверждения изменения аккаунта на сайте «Герои»: ${code}. Действует ${minutes} минут. Никому его не сообщайте.`,
  };
}

/** To an address another account asked to take: nothing changed. */
export function emailTakenLetter(language: ContentLanguage): LetterText {
  if (language === 'en')
    return {
      subject: 'Someone tried to link your address to another account',
      text: 'Hello!\n\nSomeone asked to link this address to another account on the Heroes League site. The address already belongs to your account, so nothing has changed.\n\nIf it was you, sign in to your account with this address. If not, just delete this letter.',
    };
  return {
    subject: 'Ваш адрес пытались привязать к другому аккаунту',
    text: 'Здравствуйте!\n\nКто-то попросил привязать этот адрес к другому аккаунту на сайте «Герои». Адрес уже принадлежит вашему аккаунту, поэтому ничего не изменилось.\n\nЕсли это были вы, войдите в свой аккаунт с этим адресом. Если нет, просто удалите это письмо.',
  };
}

/** The link that makes a new address the account's. */
export function emailChangeLetter(language: ContentLanguage, link: string): LetterText {
  if (language === 'en')
    return {
      subject: 'Confirm your new address',
      text: `Hello!\n\nTo link this address to your account on the Heroes League site, open the link:\n${link}\n\nIf you did not change anything, just delete this letter.`,
    };
  return {
    subject: 'Подтвердите новый адрес',
    text: `Здравствуйте!\n\nЧтобы привязать этот адрес к аккаунту на сайте «Герои», откройте ссылку:\n${link}\n\nЕсли вы ничего не меняли, просто удалите это письмо.`,
  };
}

/** To a number another account asked to take. */
export const phoneTakenSms = (language: ContentLanguage): string =>
  language === 'en'
    ? 'Someone tried to link this number to another account on the Heroes League site. The number stays with your account.'
    : 'Этот номер пытались привязать к другому аккаунту на сайте «Герои». Номер остаётся за вашим аккаунтом.';

/** The notices of a change (the subject and its line), to the contact the account had before it. */
export const changeNotices = {
  email: (language: ContentLanguage, email: string): LetterText =>
    language === 'en'
      ? {
          subject: 'Your account e-mail has changed',
          text: `The address of your account on the Heroes League site has been changed to ${email}.`,
        }
      : { subject: 'Адрес e-mail аккаунта изменён', text: `Адрес вашего аккаунта на сайте «Герои» изменён на ${email}.` },
  phone: (language: ContentLanguage, masked: string): LetterText =>
    language === 'en'
      ? {
          subject: 'Your account phone has changed',
          text: `The phone of your account on the Heroes League site has been changed to ${masked}.`,
        }
      : { subject: 'Телефон аккаунта изменён', text: `Телефон вашего аккаунта на сайте «Герои» изменён на ${masked}.` },
  password: (language: ContentLanguage): LetterText =>
    language === 'en'
      ? { subject: 'Your account password has changed', text: 'The password of your account on the Heroes League site has been changed.' }
      : { subject: 'Пароль аккаунта изменён', text: 'Пароль вашего аккаунта на сайте «Герои» изменён.' },
};
