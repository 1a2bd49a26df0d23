import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders, uploads } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { normalizePhone } from '../../lib/phone';
import {
  ParticipantFormError,
  type ParticipantInput,
  type ParticipantRules,
  participantMessages,
  type ValidParticipant,
  validateParticipant,
} from '../tickets/participant';
import { type CheckoutReads, readCheckout } from './checkout-reads';
import { pricingMessages } from './pricing';
import type { PaymentBody } from './schema';

/**
 * The checkout rules the pricing does not cover (ticketing-shop §4, §5): the participant data sent with
 * a payment pass the rules of PUT /api/user/ticket and keep only the participant's own keys; a line's
 * kind is one of its format's kinds; buy_limit counts a person's tickets across the basket and their
 * open or paid orders; the delivery phone is a phone; a basket with space tickets is held 10 minutes.
 */

export const checkoutMessages = {
  phone: 'Введите валидный номер',
  kind: (kind: string) => `Вид участия «${kind}» недоступен для этого формата`,
  tooManyInfos: 'Данных участников больше, чем билетов',
} as const;

/** ticketing-shop §4 / §9: space tickets (a seat) are held 10 minutes. */
export const SPACE_HOLD_MS = 600_000;

/** A format as these rules need it. */
export interface CheckoutFormat {
  id: number;
  publicId: string;
  buyLimit: number | null;
  space: boolean;
  /** The participant kinds the format sells (its stock rows). */
  kinds: string[];
  rules: ParticipantRules;
}

/** An info with nothing typed in it: the participant registers later, in the cabinet. */
const isBlank = (info: Record<string, unknown>): boolean =>
  Object.values(info).every((value) => value === null || value === undefined || (typeof value === 'string' && value.trim() === ''));

const infosOf = (info: PaymentBody['tickets'][number]['info']): Record<string, unknown>[] =>
  Array.isArray(info) ? info : info ? [info] : [];

/** Tickets a line stands for: its count, or the seats of its teams. */
const countOf = (line: PaymentBody['tickets'][number]): number => line.ticket_count ?? 1;

/**
 * Checks the ticket lines and returns them with each participant's data validated and reduced to the
 * participant's own fields (a buyer never sets number, inside_number, sector, row or place). The
 * first failure throws with the form's message. `bought` is what the buyer already holds per format id.
 */
export function checkTicketLines(
  tickets: PaymentBody['tickets'],
  formats: Map<string, CheckoutFormat>,
  bought: Map<number, number>,
  now: Date,
): { tickets: PaymentBody['tickets']; uploads: string[]; registerAnswers: ValidParticipant['registerAnswers'] } {
  const perFormat = new Map<number, number>();
  const files: string[] = [];
  const registerAnswers: ValidParticipant['registerAnswers'] = [];
  const checked = tickets.map((line) => {
    const format = line.format_public_id ? formats.get(line.format_public_id) : undefined;
    if (!format) return line; // a team line or an unknown format: the pricing decides
    const kind = line.kind ?? 'athlete';
    if (format.kinds.length > 0 && !format.kinds.includes(kind)) throw badRequest(checkoutMessages.kind(kind));
    if (!line.team_public_id) {
      const total = (perFormat.get(format.id) ?? 0) + countOf(line);
      perFormat.set(format.id, total);
      if (format.buyLimit !== null && total + (bought.get(format.id) ?? 0) > format.buyLimit) throw badRequest(pricingMessages.unavailable);
    }
    const infos = infosOf(line.info);
    if (infos.length > Math.max(1, countOf(line))) throw badRequest(checkoutMessages.tooManyInfos);
    if (infos.length === 0) return line;
    const valid = infos.map((info) => {
      if (isBlank(info)) return {};
      const participant = validateParticipant(info as ParticipantInput, format.rules, now);
      files.push(...participant.uploads.map((upload) => upload.publicId));
      registerAnswers.push(...participant.registerAnswers);
      return participant.info as Record<string, unknown>;
    });
    return { ...line, info: valid as PaymentBody['tickets'][number]['info'] };
  });
  return { tickets: checked, uploads: files, registerAnswers };
}

/** ticketing-shop §5 checkout: a delivery that brings goods needs a real phone. */
export function checkCheckoutPhone(delivery: PaymentBody['delivery']): void {
  const phone = delivery?.phone?.trim();
  if (phone && normalizePhone(phone) === null) throw badRequest(checkoutMessages.phone);
}

/** Loads what the rules need about the formats a payment names. */
export async function loadCheckoutFormats(db: Database, tickets: PaymentBody['tickets']): Promise<Map<string, CheckoutFormat>> {
  const body: PaymentBody = { email: 'rules@check.local', tickets, shop: [], insurances: [], certificates: [], register: false };
  return checkoutFormatsFrom(await readCheckout(db, body, null), tickets);
}

/** What the rules need about the formats of the ticket lines, from the checkout's one read (`readCheckout`). */
export function checkoutFormatsFrom(reads: CheckoutReads, tickets: PaymentBody['tickets']): Map<string, CheckoutFormat> {
  const named = new Set(tickets.map((line) => line.format_public_id).filter((id): id is string => !!id));
  const result = new Map<string, CheckoutFormat>();
  for (const { format, eventCity, stock, sizes } of reads.formats) {
    if (!named.has(format.publicId)) continue;
    result.set(format.publicId, {
      id: format.id,
      publicId: format.publicId,
      buyLimit: format.buyLimit,
      space: format.space,
      kinds: stock.map((row) => row.kind),
      rules: {
        eventStart: format.startTime ?? eventCity.startTime,
        ageMin: format.ageMin,
        ageMax: format.ageMax,
        regions: format.regions,
        sizes,
        select: format.select,
        clusters: format.clusters,
        licenseFile: format.licenseFile,
        additionalFields: format.additionalFields,
      },
    });
  }
  return result;
}

/** Tickets the buyer (by account, else by e-mail) already holds in open or paid orders, per format id. */
export async function ticketsBought(
  db: Database,
  buyer: { userId: number | null; email: string },
  formatIds: number[],
): Promise<Map<number, number>> {
  if (formatIds.length === 0) return new Map();
  const owner =
    buyer.userId !== null
      ? or(eq(orders.userId, buyer.userId), eq(orders.email, buyer.email.toLowerCase()))
      : eq(orders.email, buyer.email.toLowerCase());
  const rows = await db
    .select({ formatId: orderItems.formatId, count: sql<number>`sum(${orderItems.count})` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.formatId, formatIds), inArray(orders.status, ['pending', 'paid']), owner))
    .groupBy(orderItems.formatId);
  return new Map(rows.map((row) => [row.formatId!, Number(row.count)]));
}

/** Participant files must be the buyer's own uploads; a guest has none. */
export async function checkParticipantFiles(db: Database, userId: number | null, files: string[]): Promise<void> {
  if (files.length === 0) return;
  if (userId === null) throw new ParticipantFormError('license', participantMessages.file);
  const owned = await db
    .select({ publicId: uploads.publicId })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.publicId, files)));
  if (files.some((file) => !owned.some((row) => row.publicId === file)))
    throw new ParticipantFormError('license', participantMessages.file);
}

/** How long the order holds its stock: 10 minutes when it holds space tickets, else the configured hold. */
export const holdFor = (holdMs: number, tickets: PaymentBody['tickets'], formats: Map<string, CheckoutFormat>): number =>
  tickets.some((line) => line.format_public_id && formats.get(line.format_public_id)?.space) ? Math.min(holdMs, SPACE_HOLD_MS) : holdMs;
