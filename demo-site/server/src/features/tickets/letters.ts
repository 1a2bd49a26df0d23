import type { ContentLanguage, LetterText } from '../../lib/language';

/**
 * The ticket letters (issue 35). The Russian text stays word for word; the English one says the same
 * plainly. `event`, `city` and `format` are the names in the letter's language.
 */

/** To the person a ticket is given to: how to accept it. */
export function transferLetter(
  language: ContentLanguage,
  ticket: { number: number | string; event: string; city: string; format: string; link: string },
): LetterText {
  if (language === 'en')
    return {
      subject: 'A ticket has been given to you',
      text: [
        `You have been given ticket No. ${ticket.number} for “${ticket.event}” (${ticket.city}, ${ticket.format}).`,
        `To accept it, sign in to the site with this e-mail address and confirm the transfer in your account: ${ticket.link}`,
      ].join('\n\n'),
    };
  return {
    subject: 'Вам передали билет',
    text: [
      `Вам передали билет №${ticket.number} на «${ticket.event}» (${ticket.city}, ${ticket.format}).`,
      `Чтобы принять его, войдите на сайт с этим адресом почты и подтвердите передачу в личном кабинете: ${ticket.link}`,
    ].join('\n\n'),
  };
}
