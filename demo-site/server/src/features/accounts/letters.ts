import type { ContentLanguage, LetterText } from '../../lib/language';
import type { ExternalProvider } from './service';

/**
 * The account letters and SMS in the language of the request that sent them (issue 35): the sign-in
 * link, the notices about what changed in an account. The Russian texts stay word for word; the English
 * ones say the same plainly. Other features' account letters (registration, reset, profile) use the
 * provider names and the notice frame from here.
 */

const providerNames: Record<ContentLanguage, Record<ExternalProvider, string>> = {
  ru: { vk: 'Вконтакте', google: 'Google', gid: 'Газпром ID' },
  en: { vk: 'VK', google: 'Google', gid: 'Gazprom ID' },
};

/** A network's (or GID's) name as the letters say it. */
export const providerName = (provider: ExternalProvider, language: ContentLanguage): string => providerNames[language][provider];

/** The sign-in link to an account's confirmed e-mail. */
export function signInLinkLetter(language: ContentLanguage, link: string): LetterText {
  if (language === 'en')
    return {
      subject: 'Sign in to the Heroes League site',
      text: `Hello!\n\nTo sign in to your account, open the link (it works for 15 minutes and opens once):\n${link}\n\nIf you did not ask for a link, just delete this letter.`,
    };
  return {
    subject: 'Вход на сайт «Герои»',
    text: `Здравствуйте!\n\nЧтобы войти в личный кабинет, откройте ссылку (она действует 15 минут и открывается один раз):\n${link}\n\nЕсли вы не просили ссылку, просто удалите это письмо.`,
  };
}

/** A network or GID account now signs into the account (the notice's subject and its one line). */
export function linkedNotice(language: ContentLanguage, provider: ExternalProvider): LetterText {
  const name = providerName(provider, language);
  if (language === 'en')
    return {
      subject: `${name} is linked to your account`,
      text: `A ${name} account is now linked to your account on the Heroes League site: you can sign in with it. You can unlink it in your account settings.`,
    };
  return {
    subject: `К аккаунту привязан ${name}`,
    text: `К вашему аккаунту на сайте «Герои» привязан аккаунт ${name}: через него теперь можно войти. Отвязать его можно в настройках личного кабинета.`,
  };
}

/** A network or GID account no longer signs into the account. */
export function unlinkedNotice(language: ContentLanguage, provider: ExternalProvider): LetterText {
  const name = providerName(provider, language);
  if (language === 'en')
    return {
      subject: `${name} is unlinked from your account`,
      text: `The ${name} account has been unlinked from your account on the Heroes League site: you can no longer sign in with it.`,
    };
  return {
    subject: `${name} отвязан от аккаунта`,
    text: `От вашего аккаунта на сайте «Герои» отвязан аккаунт ${name}: войти через него больше нельзя.`,
  };
}

/**
 * A notice about a change as a letter: its line and what to do if it was not the owner; `greeting`
 * starts it with «Здравствуйте!» (the notices to every confirmed contact do, the profile's do not).
 */
export function noticeLetter(language: ContentLanguage, notice: LetterText, greeting: boolean): LetterText {
  const english = language === 'en';
  const body = english
    ? `${notice.text}\n\nIf it wasn't you, recover access with “Forgot the password?” and write to support.`
    : `${notice.text}\n\nЕсли это были не вы, восстановите доступ через «Забыли пароль?» и напишите в поддержку.`;
  return { subject: notice.subject, text: greeting ? `${english ? 'Hello!' : 'Здравствуйте!'}\n\n${body}` : body };
}

/** A notice about a change as an SMS: its subject and its line. */
export const noticeSms = (notice: LetterText): string => `${notice.subject}. ${notice.text}`;
