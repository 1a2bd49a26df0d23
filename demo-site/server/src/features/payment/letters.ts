import type { ContentLanguage } from '../../lib/language';
import { toRubles } from '../../lib/money';

/**
 * The letters of an order, in the language its buyer used (`orders.language`, issue 35). The Russian
 * texts are the specs' and stay word for word; the English ones say the same in plain English.
 */
export interface LetterText {
  subject: string;
  text: string;
}

const rubles = (kopecks: number, language: ContentLanguage) =>
  language === 'en' ? `${toRubles(kopecks)} RUB` : `${toRubles(kopecks)} Руб.`;

/** The order is paid: its tickets are in the cabinet. */
export function orderPaidLetter(language: ContentLanguage, order: { publicId: string; amount: number }, cabinetUrl: string): LetterText {
  if (language === 'en')
    return {
      subject: `Order ${order.publicId} is paid`,
      text: `Thank you for your purchase! Your order ${order.publicId} for ${rubles(order.amount, language)} has been paid.\nYour tickets and orders are in your account: ${cabinetUrl}`,
    };
  return {
    subject: `Заказ ${order.publicId} оплачен`,
    text: `Спасибо за покупку! Заказ ${order.publicId} на сумму ${rubles(order.amount, language)} оплачен.\nБилеты и заказы — в личном кабинете: ${cabinetUrl}`,
  };
}

/** Paid after its hold ran out, when its tickets were gone: the money goes back. */
export function orderRefundingLetter(language: ContentLanguage, order: { publicId: string; amount: number }): LetterText {
  if (language === 'en')
    return {
      subject: `Your payment for order ${order.publicId} will be refunded`,
      text: `Your booking ran out before the payment came through, and the tickets you chose are no longer available. We will refund ${rubles(order.amount, language)}.`,
    };
  return {
    subject: `Оплата заказа ${order.publicId} будет возвращена`,
    text: `Время брони истекло, и выбранных билетов больше нет. ${rubles(order.amount, language)} будут возвращены.`,
  };
}

/** The whole order cancelled and refunded. */
export function orderRefundedLetter(language: ContentLanguage, order: { publicId: string; amount: number }): LetterText {
  if (language === 'en')
    return {
      subject: `Refund for order ${order.publicId}`,
      text: `Order ${order.publicId} has been cancelled and ${rubles(order.amount, language)} refunded.`,
    };
  return {
    subject: `Возврат по заказу ${order.publicId}`,
    text: `Заказ ${order.publicId} отменён, ${rubles(order.amount, language)} возвращены.`,
  };
}

/** A part of the order (a line) refunded. */
export function lineRefundedLetter(language: ContentLanguage, order: { publicId: string }, amount: number): LetterText {
  if (language === 'en')
    return {
      subject: `Refund for order ${order.publicId}`,
      text: `We have refunded ${rubles(amount, language)} for order ${order.publicId}.`,
    };
  return {
    subject: `Возврат по заказу ${order.publicId}`,
    text: `По заказу ${order.publicId} возвращены ${rubles(amount, language)}`,
  };
}

/** «register» at checkout for an address that already has an account: a way in, nothing changed. */
export function registerTakenLetter(language: ContentLanguage, link: string): LetterText {
  if (language === 'en')
    return {
      subject: 'You already have an account with this address',
      text: `Hello!\n\nSomeone placing an order on the Heroes League site asked for an account to be created for this address, but you already have one. Sign in to see the order: ${link}\nIf you don't remember your password, use “Forgot the password?” on the sign-in page.\n\nIf you didn't place this order, just delete this letter: your account has not changed.`,
    };
  return {
    subject: 'Личный кабинет на этот адрес уже есть',
    text: `Здравствуйте!\n\nПри оформлении заказа на сайте «Герои» с этим адресом попросили создать личный кабинет, но он уже есть. Войдите, чтобы увидеть заказ: ${link}\nЕсли не помните пароль, нажмите «Забыли пароль?» на странице входа.\n\nЕсли заказ оформляли не вы, просто удалите это письмо: ваш личный кабинет не изменился.`,
  };
}
