import { newsSubscriptions, supportRequests } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';

export const supportMessages = {
  sent: 'Спасибо! Ваша заявка отправлена. Наши менеджеры свяжутся с вами в ближайшее время.',
  subscribed: 'Вы подписались на новости',
  alreadySubscribed: 'Вы уже подписаны на новости',
} as const;

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'config'>;

/** A header-safe line: control characters (CR, LF, NUL, …) become spaces, runs of spaces one. */
export const stripControl = (value: string): string =>
  value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

export interface SupportRequest {
  name: string;
  email: string;
  phone: string;
  text: string;
  support_type: string;
  mailing: boolean;
}

/** PUT /api/user/subscribe/news: adds an address to the news mailing (idempotent). */
export async function subscribeToNews(deps: Pick<Deps, 'db' | 'clock'>, email: string) {
  const added = await deps.db
    .insert(newsSubscriptions)
    .values({ email, createdAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ email: newsSubscriptions.email });
  return { message: added.length ? supportMessages.subscribed : supportMessages.alreadySubscribed };
}

/** POST /api/support: stores the request and forwards it to the support mailbox. */
export async function submitSupportRequest(deps: Deps, request: SupportRequest, userId: number | null) {
  await deps.db.insert(supportRequests).values({
    name: request.name,
    email: request.email,
    phone: request.phone,
    text: request.text,
    supportType: request.support_type,
    userId,
    createdAt: deps.clock.now(),
  });
  await deps.email.send({
    to: deps.config.supportEmail,
    // CR, LF and other control characters would let `name` add headers to the letter: stripped.
    subject: stripControl(`Заявка (${request.support_type}) от ${request.name}`),
    text: `Имя: ${request.name}\nE-mail: ${request.email}\nТелефон: +${request.phone}\n\n${request.text}`,
    meta: { kind: 'support', support_type: request.support_type },
  });
  if (request.mailing) await subscribeToNews(deps, request.email);
  return { message: supportMessages.sent };
}
