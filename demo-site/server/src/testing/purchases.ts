import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  eventCities,
  eventFormats,
  insurances,
  orderItems,
  orders,
  productProportions,
  products,
  type TicketInfo,
  tickets,
  userInsurances,
  users,
} from '../db/schema/index';
import type { ServerDeps } from '../deps';
import { createSession } from '../features/sessions/service';
import { createUser } from '../features/users/service';
import { newPublicId } from '../lib/crypto';
import type { ContentLanguage } from '../lib/language';
import { uniqueEmail } from './fixtures';

/**
 * What a purchase leaves in the database — users, orders, their lines, tickets and policies — written
 * directly, so the cabinet's routes are tested without going through the basket and the payment.
 */

export interface TestUser {
  id: number;
  publicId: string;
  email: string;
  token: string;
}

/** An account (its e-mail confirmed unless said otherwise) with an open session. */
export async function signedInUser(deps: ServerDeps, label = 'buyer', options: { emailConfirmed?: boolean } = {}): Promise<TestUser> {
  const email = uniqueEmail(label);
  const now = deps.clock.now();
  const confirmedAt = options.emailConfirmed === false ? null : now;
  const user = await createUser(deps.db, now, { email, emailConfirmedAt: confirmedAt, name: 'Тест', lastName: 'Покупатель' });
  const { token } = await createSession(deps, user, 'email', { ip: undefined, userAgent: undefined });
  return { id: user.id, publicId: user.publicId, email, token };
}

export async function insertOrder(
  db: Database,
  values: {
    userId: number | null;
    email?: string;
    status?: string;
    shopStatus?: string | null;
    amount?: number;
    createdAt: Date;
    /** When an unpaid order's hold ends (a pending order past it is expired by the payment's sweeper). */
    expiresAt?: Date;
    /** The language the buyer used (Russian unless said). */
    language?: ContentLanguage;
  },
) {
  const [order] = await db
    .insert(orders)
    .values({
      publicId: newPublicId(),
      userId: values.userId,
      email: values.email ?? 'buyer@test.example',
      status: values.status ?? 'paid',
      shopStatus: values.shopStatus ?? null,
      amount: values.amount ?? 100_000,
      paymentId: newPublicId(),
      createdAt: values.createdAt,
      expiresAt: values.expiresAt ?? new Date(values.createdAt.getTime() + 15 * 60_000),
      paidAt: (values.status ?? 'paid') === 'paid' ? values.createdAt : null,
      language: values.language ?? 'ru',
    })
    .returning();
  return order!;
}

/** A shop line of an order: `count` of a product (by public id) in a size (by name). Prices in kopecks. */
export async function insertShopLine(db: Database, orderId: number, productPublicId: string, size: string | null, count: number) {
  const [product] = await db.select().from(products).where(eq(products.publicId, productPublicId));
  const [proportion] = size
    ? await db
        .select()
        .from(productProportions)
        .where(sql`${productProportions.productId} = ${product!.id} and ${productProportions.name} = ${size}`)
    : [];
  const [line] = await db
    .insert(orderItems)
    .values({
      orderId,
      kind: 'shop',
      productId: product!.id,
      proportionId: proportion?.id ?? null,
      count,
      unitPrice: product!.price,
      total: product!.price * count,
    })
    .returning();
  return line!;
}

/**
 * A paid ticket of a format (by public id), bought and held by `userId` unless said otherwise. Its number
 * comes from the event's counter, as the payment numbers tickets, or is given (results match it).
 */
export async function insertTicket(
  db: Database,
  now: Date,
  values: {
    formatPublicId: string;
    userId: number | null;
    originalUserId?: number | null;
    number?: number;
    info?: TicketInfo;
    status?: string;
    transferEmail?: string | null;
    transferStatus?: string | null;
  },
) {
  const [place] = await db
    .select({ format: eventFormats, eventCity: eventCities })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .where(eq(eventFormats.publicId, values.formatPublicId));
  const { format, eventCity } = place!;
  const originalUserId = values.originalUserId === undefined ? values.userId : values.originalUserId;
  const order = await insertOrder(db, { userId: originalUserId, createdAt: now, amount: format.price });
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order.id,
      kind: 'ticket',
      formatId: format.id,
      stockKind: 'athlete',
      count: 1,
      unitPrice: format.price,
      total: format.price,
    })
    .returning();
  let number = values.number;
  if (number === undefined) {
    const bumped = await db.execute(sql`
      insert into ticket_counters (event_id, last_number) values (${eventCity.eventId}, 1000)
      on conflict (event_id) do update set last_number = greatest(ticket_counters.last_number, 999) + 1
      returning last_number`);
    number = Number((bumped as unknown as { rows: { last_number: number }[] }).rows[0]!.last_number);
  }
  const [ticket] = await db
    .insert(tickets)
    .values({
      publicId: newPublicId(),
      orderId: order.id,
      orderItemId: item!.id,
      formatId: format.id,
      eventId: eventCity.eventId,
      userId: values.userId,
      originalUserId,
      number,
      status: values.status ?? 'active',
      info: values.info ?? { insurance: false, registered: false, offline_registered: false },
      transferEmail: values.transferEmail ?? null,
      transferStatus: values.transferStatus ?? null,
      transferredAt: values.transferStatus ? now : null,
      createdAt: now,
    })
    .returning();
  return ticket!;
}

/** A policy of an insurance offer (by public id) starting at `startDate`. */
export async function insertPolicy(
  db: Database,
  now: Date,
  values: {
    userId: number;
    insurancePublicId: string;
    startDate: Date;
    status?: string;
    ticketId?: number | null;
    info?: Record<string, unknown>;
  },
) {
  const [insurance] = await db.select().from(insurances).where(eq(insurances.publicId, values.insurancePublicId));
  const [user] = await db.select().from(users).where(eq(users.id, values.userId));
  const order = await insertOrder(db, { userId: values.userId, email: user!.email ?? undefined, createdAt: now, amount: insurance!.price });
  const [policy] = await db
    .insert(userInsurances)
    .values({
      publicId: newPublicId(),
      orderId: order.id,
      userId: values.userId,
      insuranceId: insurance!.id,
      ticketId: values.ticketId ?? null,
      number: `ГИ-TEST-${newPublicId().slice(0, 10)}`,
      startDate: values.startDate,
      info: values.info ?? { first_name: 'Анна', last_name: 'Смирнова', second_name: 'Игоревна', phone: '79161234567' },
      status: values.status ?? 'valid',
      createdAt: now,
    })
    .returning();
  return policy!;
}
