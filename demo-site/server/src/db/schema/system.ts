import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Every e-mail and SMS the server sent: the dev outbox reads it (real senders also record here). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** recorded (kept only), queued, sending (taken until `next_attempt_at`), sent, failed. */
    status: text('status').notNull().default('recorded'),
    html: text('html'),
    /** One letter per key and recipient: a second send with the same key is the first. */
    idempotencyKey: text('idempotency_key'),
    /** Transactional letters (a code, an order) carry no List-Unsubscribe. */
    transactional: boolean('transactional').notNull().default(true),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (table) => [index('outbox_recipient_idx').on(table.recipient), uniqueIndex('outbox_idempotency_idx').on(table.idempotencyKey)],
);

/** Facts about the database itself, e.g. when the seed ran. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Rate-limit counters shared by every server process on the database (ARCHITECTURE «Scale»): one row per
 * key (a route and an IP, a phone, an e-mail…), a fixed window that restarts when `reset_at` has passed.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_reset_idx').on(table.resetAt)],
);
