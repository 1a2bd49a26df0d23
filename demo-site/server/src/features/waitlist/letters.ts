import type { ContentLanguage } from '../../lib/language';

/**
 * The waiting list's letters in the language the visitor joined in (`waitlist_entries.language`, issue
 * 35). The Russian texts are the specs' and stay word for word; the English ones say the same plainly.
 * `event` and `format` are the titles in that language.
 */
interface Place {
  event: string;
  format: string;
}

/** The join confirmation: the place in the queue (or the offer already made), the hold, the leave link. */
export function joinLetter(
  language: ContentLanguage,
  place: Place & { offered: boolean; position: number; holdHours: number; leave: string },
): { subject: string; text: string } {
  if (language === 'en') {
    const where = place.offered
      ? 'a place is already being held for you — the payment link is in the letter about it'
      : `your place in the queue: ${place.position}`;
    return {
      subject: `Waiting list: ${place.event}, ${place.format}`,
      text: `Hello!\n\nYou are on the waiting list for “${place.event}”, “${place.format}”: ${where}.\nWhen a place frees up, we will send you a letter with a link that holds the ticket for you for ${place.holdHours} h.\n\nIf you did not join the waiting list or no longer need the ticket, leave the list here: ${place.leave}`,
    };
  }
  const where = place.offered ? 'для вас уже отложено место: ссылка на оплату — в письме о нём' : `ваше место в очереди: ${place.position}`;
  return {
    subject: `Лист ожидания: ${place.event}, ${place.format}`,
    text: `Здравствуйте!\n\nВы в листе ожидания на «${place.event}», формат «${place.format}»: ${where}.\nКогда место освободится, мы пришлём письмо со ссылкой: она держит билет для вас ${place.holdHours} ч.\n\nЕсли вы не вставали в лист ожидания или билет больше не нужен, покиньте лист по ссылке: ${place.leave}`,
  };
}

/** The offer: a place is held for the visitor until `until`; the link to pay, the leave link. */
export function offerLetter(
  language: ContentLanguage,
  place: Place & { link: string; leave: string; until: Date },
): { subject: string; text: string } {
  const until = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'ru-RU', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Moscow',
  }).format(place.until);
  if (language === 'en')
    return {
      subject: `A place is free: ${place.event}, ${place.format}`,
      text: `Hello!\n\nYour turn on the waiting list has come: a place is held for you at “${place.event}”, “${place.format}”.\nOpen the link to pay for the ticket: ${place.link}\nThe place is yours until ${until} (Moscow time); after that it goes to the next person on the list.\n\nIf you no longer need the ticket, leave the waiting list and the place goes to the next person straight away: ${place.leave}`,
    };
  return {
    subject: `Освободилось место: ${place.event}, ${place.format}`,
    text: `Здравствуйте!\n\nВ листе ожидания подошла ваша очередь: для вас отложено место на «${place.event}», формат «${place.format}».\nОткройте ссылку, чтобы оплатить билет: ${place.link}\nМесто ждёт вас до ${until} (мск); потом оно перейдёт следующему в листе ожидания.\n\nЕсли билет больше не нужен, покиньте лист ожидания — место сразу перейдёт следующему: ${place.leave}`,
  };
}
