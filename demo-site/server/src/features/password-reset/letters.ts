import type { ContentLanguage, LetterText } from '../../lib/language';
import { providerName } from '../accounts/letters';
import type { ExternalProvider } from '../accounts/service';

/**
 * The password reset's letters in the language of the request that sent them (issue 35). The Russian
 * texts stay word for word; the English ones say the same plainly.
 */

/** The link to set a new password. */
export function resetLetter(language: ContentLanguage, link: string): LetterText {
  if (language === 'en')
    return {
      subject: 'Password recovery',
      text: `Hello!\n\nTo set a new password, open the link:\n${link}\n\nIf you did not ask to recover your password, just delete this letter.`,
    };
  return {
    subject: 'Восстановление пароля',
    text: `Здравствуйте!\n\nЧтобы задать новый пароль, откройте ссылку:\n${link}\n\nЕсли вы не запрашивали восстановление, просто удалите это письмо.`,
  };
}

/**
 * After a reset: every session ended, what the reset removed (`networks`, the masked `phone`), and what
 * still signs in (`left`: the masked confirmed phone, the networks still linked).
 */
export function recoveredLetter(
  language: ContentLanguage,
  change: { networks: ExternalProvider[]; phone: string | null; left: { phone: string | null; networks: ExternalProvider[] } },
): LetterText {
  const names = (networks: ExternalProvider[]) => networks.map((provider) => providerName(provider, language));
  if (language === 'en') {
    const left = [...(change.left.phone ? [`the phone ${change.left.phone}`] : []), ...names(change.left.networks)];
    const lines = [
      'The password of your account on the Heroes League site has been changed, and every sign-in session has ended.',
      ...(change.networks.length
        ? [`Social networks linked with the old password have been unlinked: ${names(change.networks).join(', ')}.`]
        : []),
      ...(change.phone
        ? [
            `The phone ${change.phone}, added after the e-mail was confirmed, has been unlinked: link it again in the settings if it is yours.`,
          ]
        : []),
      left.length
        ? `You can still sign in to the account with: ${left.join(', ')}. If any of these is not yours, unlink it in your account settings.`
        : 'The account has no other way to sign in than the e-mail and password.',
    ];
    return { subject: 'Password changed', text: `Hello!\n\n${lines.join('\n')}` };
  }
  const left = [...(change.left.phone ? [`телефон ${change.left.phone}`] : []), ...names(change.left.networks)];
  const lines = [
    'Пароль вашего аккаунта на сайте «Герои» изменён, все сеансы входа завершены.',
    ...(change.networks.length ? [`Отвязаны соцсети, привязанные по старому паролю: ${names(change.networks).join(', ')}.`] : []),
    ...(change.phone
      ? [`Отвязан телефон ${change.phone}, добавленный после подтверждения почты: привяжите его снова в настройках, если он ваш.`]
      : []),
    left.length
      ? `Войти в аккаунт по-прежнему можно через: ${left.join(', ')}. Если это не ваше, отвяжите в настройках личного кабинета.`
      : 'Других способов войти, кроме почты и пароля, у аккаунта нет.',
  ];
  return { subject: 'Пароль изменён', text: `Здравствуйте!\n\n${lines.join('\n')}` };
}
