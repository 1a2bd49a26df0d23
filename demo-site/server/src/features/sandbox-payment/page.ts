const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const rubles = (kopecks: number) => `${(kopecks / 100).toLocaleString('ru-RU', { minimumFractionDigits: 0, maximumFractionDigits: 2 })} ₽`;

export interface SandboxPageOrder {
  paymentId: string;
  orderPublicId: string;
  amount: number;
  email: string;
  status: string;
  returnUrl: string;
}

const statusText: Record<string, string> = {
  paid: 'Заказ уже оплачен.',
  declined: 'От оплаты отказались.',
  expired: 'Время на оплату истекло.',
  refunded: 'Оплата возвращена.',
  refunding: 'Покупку отменили: возврат оформлен и ждёт проведения.',
};

/** The sandbox provider's pay page: a person decides here whether the test payment succeeds. */
export function renderSandboxPage(order: SandboxPageOrder): string {
  const pending = order.status === 'pending';
  // A cancelled order's refund waits here until the operator settles it (or the sandbox does, later).
  const refund =
    order.status === 'refunding'
      ? `<form method="post" action="/sandbox/pay/${escapeHtml(order.paymentId)}/refund"><button class="pay" type="submit">Провести возврат</button></form>`
      : '';
  const id = escapeHtml(order.paymentId);
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Тестовая оплата заказа</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 480px; margin: 3rem auto; padding: 0 1rem; color: #1f2937; }
main { border: 1px solid #d1d5db; border-radius: 12px; padding: 1.5rem; }
.sum { font-size: 2rem; font-weight: 700; margin: .5rem 0 1rem; }
.note { color: #4b5563; font-size: .875rem; }
form { display: inline; }
button { font: inherit; border-radius: 8px; padding: .75rem 1.5rem; border: 1px solid #1d4ed8; cursor: pointer; margin: .25rem .5rem .25rem 0; }
.pay { background: #1d4ed8; color: #fff; }
.decline { background: #fff; color: #1d4ed8; }
button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Тестовая оплата</h1>
<p class="note">Песочница платёжного провайдера: деньги не списываются.</p>
<p>Заказ <b>${escapeHtml(order.orderPublicId)}</b>, чек придёт на ${escapeHtml(order.email)}</p>
<p class="sum">${rubles(order.amount)}</p>
${
  pending
    ? `<form method="post" action="/sandbox/pay/${id}/pay"><button class="pay" type="submit">Оплатить</button></form>
<form method="post" action="/sandbox/pay/${id}/decline"><button class="decline" type="submit">Отказаться</button></form>`
    : `<p>${escapeHtml(statusText[order.status] ?? 'Заказ обработан.')}</p>${refund}<p><a href="${escapeHtml(order.returnUrl)}">Вернуться на сайт</a></p>`
}
</main>
</body>
</html>`;
}
