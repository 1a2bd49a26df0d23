import type { ContentLanguage, LetterText } from '../../lib/language';
import { toRubles } from '../../lib/money';

/**
 * The back office's letters to a buyer, in the language of the buyer's order (`orders.language`, issue
 * 35). The Russian text stays word for word; the English one says the same plainly. The letters to
 * staff and the organisers' own mailings stay as they are written.
 */

/** The tickets' letter once more (the organiser's «resend»). */
export function ticketsResentLetter(
  language: ContentLanguage,
  order: { publicId: string; amount: number },
  cabinetUrl: string,
): LetterText {
  if (language === 'en')
    return {
      subject: `Tickets for order ${order.publicId}`,
      text: `Order ${order.publicId} for ${toRubles(order.amount)} RUB has been paid.\nYour tickets and start QR codes are in your account: ${cabinetUrl}`,
    };
  return {
    subject: `Билеты по заказу ${order.publicId}`,
    text: `Заказ ${order.publicId} на сумму ${toRubles(order.amount)} Руб. оплачен.\nБилеты и QR-коды для старта — в личном кабинете: ${cabinetUrl}`,
  };
}
