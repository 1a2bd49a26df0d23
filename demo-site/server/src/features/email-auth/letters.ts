import type { ContentLanguage, LetterText } from '../../lib/language';

/**
 * The registration letters in the language of the request that sent them (issue 35). The Russian texts
 * stay word for word; the English ones say the same plainly.
 */

/** The link that confirms a new account's address (registration, resend, a guest's checkout account). */
export function confirmationLetter(language: ContentLanguage, link: string): LetterText {
  if (language === 'en')
    return {
      subject: 'Confirm your e-mail',
      text: `Hello!\n\nYou have registered on the Heroes League site. To confirm your e-mail, open the link:\n${link}\n\nIf you did not register, just delete this letter.`,
    };
  return {
    subject: 'Подтвердите почту',
    text: `Здравствуйте!\n\nВы зарегистрировались на сайте «Герои». Чтобы подтвердить почту, откройте ссылку:\n${link}\n\nЕсли вы не регистрировались, просто удалите это письмо.`,
  };
}

/** To an address that registered again: how to get in, and nothing changed. */
export function alreadyRegisteredLetter(language: ContentLanguage, link: string): LetterText {
  if (language === 'en')
    return {
      subject: 'You are already registered',
      text: `Hello!\n\nSomeone (perhaps you) tried to register on the Heroes League site with this address, but it already has an account. Sign in: ${link}\nIf you don't remember your password, use “Forgot the password?” on the sign-in page.\n\nIf it wasn't you, just delete this letter: your account has not changed.`,
    };
  return {
    subject: 'Вы уже зарегистрированы',
    text: `Здравствуйте!\n\nКто-то (возможно, вы) попробовал зарегистрироваться на сайте «Герои» с этим адресом, но аккаунт с ним уже есть. Войдите: ${link}\nЕсли не помните пароль, нажмите «Забыли пароль?» на странице входа.\n\nЕсли это были не вы, просто удалите это письмо: ваш аккаунт не изменился.`,
  };
}
