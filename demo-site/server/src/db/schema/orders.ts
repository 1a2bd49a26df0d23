import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Receipt } from '../../features/payment/receipt';
import type { ContentLanguage } from '../../lib/language';
import { users } from './accounts';
import { eventFormats, events, insurances, teams } from './catalogue';
import { clubCompetitions, clubs, competitionTypes } from './content';
import { productProportions, products, promocodes } from './shop';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A sale (ticketing-shop §3, §9): while active and inside its date window, every ticket of the listed
 * formats is discounted once the basket holds at least `count` of them. `discount` is a percent or,
 * for the fixed form, kopecks per ticket.
 */
export const sales = pgTable('sales', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  title: text('title').notNull(),
  active: boolean('active').notNull().default(true),
  startDate: timestamptz('start_date').notNull(),
  endDate: timestamptz('end_date').notNull(),
  discount: integer('discount').notNull(),
  discountForm: text('discount_form').notNull(),
  count: integer('count').notNull(),
  formatIds: jsonb('format_ids').$type<number[]>().notNull(),
  /** A sale made in the back office: its event city (the foreign key is in the migration). */
  eventCityId: integer('event_city_id'),
});

/** Gift certificates the site sells (basket selector `certificate`). Price in kopecks. */
export const certificates = pgTable('certificates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  titleEn: text('title_en'),
  descriptionEn: text('description_en'),
  picture: text('picture').notNull(),
  price: integer('price').notNull(),
  active: boolean('active').notNull().default(true),
});

/** A signed-in user's basket as the client last synchronised it (accounts-sso §4.1). */
export const baskets = pgTable('baskets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  goods: jsonb('goods').$type<unknown[]>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * A purchase. `pending` holds its stock until `expires_at`; the payment provider's confirmation makes
 * it `paid` (tickets issued), a decline or the expiry makes it `declined` / `expired` (stock released),
 * a cancel after payment `refunded`. Money in kopecks.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    status: text('status').notNull(),
    /** Delivery state of the goods: paid, authorized, delivered or processing (accounts-sso §4.5). */
    shopStatus: text('shop_status'),
    amount: integer('amount').notNull(),
    deliveryCost: integer('delivery_cost').notNull().default(0),
    delivery: jsonb('delivery').$type<Record<string, unknown> | null>(),
    /** The provider's id of the payment (the sandbox's, by default). */
    paymentId: text('payment_id').notNull().unique(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    paidAt: timestamptz('paid_at'),
    closedAt: timestamptz('closed_at'),
    /**
     * Whether the order was placed by a signed-in account (or made one with `register`): then
     * GET /api/order/{id} needs that account's token. A guest's order stays readable by its id.
     */
    needsToken: boolean('needs_token').notNull().default(false),
    /** Where the provider sends the buyer to pay, kept so that reading the order never calls the provider. */
    paymentUrl: text('payment_url'),
    /** The buyer's address, for the cap on open holds per address. */
    ip: text('ip'),
    /** A gift certificate redeemed by this order (FK in the migration) and the kopecks it paid. */
    certificateId: integer('certificate_id'),
    certificateAmount: integer('certificate_amount').notNull().default(0),
    /** The provider's own id of the payment (YooKassa's; the sandbox's is `payment_id`), asked back on its notifications. */
    providerPaymentId: text('provider_payment_id'),
    /** The provider's id of the refund asked for, read back until it settles. */
    providerRefundId: text('provider_refund_id'),
    /** The fiscal receipt (54-ФЗ) the payment carried, in kopecks: the refund carries the same. */
    receipt: jsonb('receipt').$type<Receipt | null>(),
    /** The language the buyer used (`Accept-Language` of the payment): its letters are written in it. */
    language: text('language').$type<ContentLanguage>().notNull().default('ru'),
  },
  (table) => [
    index('orders_user_idx').on(table.userId),
    uniqueIndex('orders_provider_payment_idx').on(table.providerPaymentId),
    index('orders_pending_idx').on(table.status, table.expiresAt),
    index('orders_pending_email_idx').on(table.email, table.status),
    index('orders_pending_ip_idx').on(table.ip, table.status),
  ],
);

/** One priced line of an order. `unit_price` is the catalogue price, `total` what the line costs. */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** What the back office names the line by (a line refund): random, given by the database. */
    publicId: text('public_id').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').notNull(),
    formatId: integer('format_id').references(() => eventFormats.id),
    /** The participant kind whose stock the line takes (athlete by default). */
    stockKind: text('stock_kind'),
    teamId: integer('team_id').references(() => teams.id),
    productId: integer('product_id').references(() => products.id),
    proportionId: integer('proportion_id').references(() => productProportions.id),
    insuranceId: integer('insurance_id').references(() => insurances.id),
    certificateId: integer('certificate_id').references(() => certificates.id),
    promocodeId: integer('promocode_id').references(() => promocodes.id),
    /** How many units the promocode discounted (the count taken from the code). */
    promocodeCount: integer('promocode_count').notNull().default(0),
    count: integer('count').notNull(),
    unitPrice: integer('unit_price').notNull(),
    discount: integer('discount').notNull().default(0),
    insuranceCost: integer('insurance_cost').notNull().default(0),
    total: integer('total').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('order_items_order_idx').on(table.orderId)],
);

/**
 * One refund of an order (issue 31): a line (`order_item_id`) or the whole order (null) — its own request
 * at the provider, keyed `refund-{public_id}`, with the 54-ФЗ receipt of the refunded items. `pending` until
 * the provider's notification or the sweeper's ask finds it `succeeded`; the order's `refunded_amount` is the
 * sum of its succeeded refunds. A line has at most one refund that has not failed (a unique index).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    /** Kopecks. */
    amount: integer('amount').notNull(),
    /** pending, succeeded or failed. */
    status: text('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    receipt: jsonb('receipt').$type<Receipt | null>(),
    /** The organiser who asked (null: the buyer or the site). */
    requestedBy: integer('requested_by').references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
    settledAt: timestamptz('settled_at'),
    /** Why the provider refused a `failed` refund (YooKassa's cancellation reason or error code). */
    failureReason: text('failure_reason'),
  },
  (table) => [
    index('order_refunds_order_idx').on(table.orderId),
    uniqueIndex('order_refunds_item_idx').on(table.orderItemId).where(sql`status <> 'failed'`),
    index('order_refunds_pending_idx').on(table.status).where(sql`status = 'pending'`),
  ],
);

/** What the participant told about themselves (ticketing-shop §3) plus the registration flags. */
export interface TicketInfo {
  email?: string | null;
  first_name?: string;
  last_name?: string;
  second_name?: string | null;
  phone?: string;
  gender?: string;
  birth_date?: string;
  region?: number | null;
  item_size?: string | null;
  insurance?: boolean;
  registered?: boolean;
  offline_registered?: boolean;
  sector?: string | null;
  row?: number | null;
  place?: number | null;
  [field: string]: unknown;
}

/**
 * An issued ticket. `user_id` holds it now, `original_user_id` bought it. A transfer names the
 * recipient's e-mail and waits for their confirmation. Numbers are unique within the event.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    formatId: integer('format_id')
      .notNull()
      .references(() => eventFormats.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    teamId: integer('team_id').references(() => teams.id),
    userId: integer('user_id').references(() => users.id),
    originalUserId: integer('original_user_id').references(() => users.id),
    number: integer('number').notNull(),
    /** active, processing (a refund is awaited) or returned. */
    status: text('status').notNull().default('active'),
    info: jsonb('info').$type<TicketInfo>().notNull().default({}),
    transferEmail: text('transfer_email'),
    transferStatus: text('transfer_status'),
    transferredAt: timestamptz('transferred_at'),
    onlineResult: jsonb('online_result').$type<Record<string, unknown> | null>(),
    createdAt: timestamptz('created_at').notNull(),
    /**
     * The version in the ticket's signed code (its QR): raised by a database trigger when the holder or
     * the status changes (transfer, return, refund), so the code shown before is refused at check-in.
     */
    codeVersion: integer('code_version').notNull().default(1),
    /** Raised by the same trigger on every change: the scanners' delta (`?since=`) follows it. */
    syncSeq: bigint('sync_seq', { mode: 'number' }).notNull().default(sql`nextval('ticket_sync_seq')`),
  },
  (table) => [
    unique('tickets_event_number').on(table.eventId, table.number),
    index('tickets_format_sync_idx').on(table.formatId, table.syncSeq),
    index('tickets_user_idx').on(table.userId),
    index('tickets_original_user_idx').on(table.originalUserId),
    index('tickets_order_idx').on(table.orderId),
  ],
);

/** The last ticket number issued per event (numbers are taken with one atomic update). */
export const ticketCounters = pgTable('ticket_counters', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id),
  lastNumber: integer('last_number').notNull(),
});

/** An insurance policy bought (accounts-sso §3 insurance record). */
export const userInsurances = pgTable(
  'user_insurances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id').references(() => users.id),
    insuranceId: integer('insurance_id')
      .notNull()
      .references(() => insurances.id),
    ticketId: integer('ticket_id').references(() => tickets.id),
    number: text('number').notNull().unique(),
    startDate: timestamptz('start_date').notNull(),
    info: jsonb('info').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('valid'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('user_insurances_user_idx').on(table.userId)],
);

/** A gift certificate sold: its code is what the recipient redeems. */
export const issuedCertificates = pgTable('issued_certificates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  certificateId: integer('certificate_id')
    .notNull()
    .references(() => certificates.id),
  code: text('code').notNull().unique(),
  amount: integer('amount').notNull(),
  /** Kopecks already paid with it (orders pending or paid); what is left is `amount - spent`. */
  spent: integer('spent').notNull().default(0),
  /** Whom the buyer gives it to (name, e-mail, a line of greeting), as the buyer typed it. */
  recipient: jsonb('recipient').$type<{ name?: string | null; email?: string | null; message?: string | null } | null>(),
  createdAt: timestamptz('created_at').notNull(),
});

/** Payment provider notifications already processed (a replayed one is refused). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  kind: text('kind').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
});

/** A file a user uploaded (participant documents, competition result images); type checked by content. */
export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('uploads_user_idx').on(table.userId)],
);

/** A competition result a club member submitted (POST /api/user/competition), then filed to a club. */
export const userCompetitions = pgTable(
  'user_competitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    competitionTypeId: integer('competition_type_id')
      .notNull()
      .references(() => competitionTypes.id),
    value: text('value').notNull(),
    comment: text('comment'),
    imageIds: jsonb('image_ids').$type<number[]>().notNull().default([]),
    clubId: integer('club_id').references(() => clubs.id),
    clubCompetitionId: integer('club_competition_id').references(() => clubCompetitions.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('user_competitions_user_idx').on(table.userId)],
);
