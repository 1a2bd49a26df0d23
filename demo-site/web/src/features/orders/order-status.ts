import dayjs from 'dayjs';

/** The three states the «Товары» page shows (accounts-sso §4.5). */
export type OrderStatusView = { key: 'paid' | 'delivered' | 'processing'; done: boolean };

/** paid or authorized → «Оплачен» ✓; delivered → «Заказ доставлен» ✓; anything else «Заказ обрабатывается» 🕓. */
export function orderStatusView(status: string): OrderStatusView {
  if (status === 'paid' || status === 'authorized') return { key: 'paid', done: true };
  if (status === 'delivered') return { key: 'delivered', done: true };
  return { key: 'processing', done: false };
}

/** accounts-sso §9: order dates read DD.MM.YY (in the person's own time zone). */
export const orderDate = (iso: string) => dayjs(iso).format('DD.MM.YY');

/** accounts-sso §9: amounts in «Руб.», whole rubles with Russian digit groups. */
export const orderAmount = (rubles: number) => String(Math.round(rubles)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
