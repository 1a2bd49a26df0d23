import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema/index';
import type { Clock } from '../lib/clock';

export interface EmailMessage {
  to: string;
  subject: string;
  /** The plain-text part; the HTML part is made from it when `html` is left out. */
  text: string;
  html?: string;
  /** Machine-readable facts for the dev outbox and tests (`link`, `code`, `kind`); real senders ignore them. */
  meta?: Record<string, string>;
  /**
   * The letter's idempotency key: with the recipient, it names one letter — a second send with the
   * same key and address is the first (e.g. `order-paid:<order>`). None: every send is a new letter.
   */
  key?: string;
  /** Letters that are not transactional (news, offers) carry List-Unsubscribe. Transactional by default. */
  transactional?: boolean;
}

export interface SmsMessage {
  /** Digits without the plus. */
  to: string;
  text: string;
  meta?: Record<string, string>;
}

/**
 * Sends e-mail. The outbox sender records into the outbox table (the demo's /dev/outbox); the queued
 * sender (letter-queue.ts) records the letter as `queued` in the same table, and the letter queue sends
 * it over SMTP — durably: a send is a committed row, delivered at least once, once per key and recipient.
 */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface OutboxEntry {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  meta: Record<string, string>;
  created_at: string;
}

/** The local senders: every message lands in the outbox table, readable at /dev/outbox in demo mode. */
export function createOutboxSenders(db: Database, clock: Clock): { email: EmailSender; sms: SmsSender } {
  const record = async (
    channel: 'email' | 'sms',
    to: string,
    subject: string | null,
    body: string,
    meta: Record<string, string> = {},
    key?: string,
  ) => {
    const idempotencyKey = key ? `${key} ${to.toLowerCase()}` : null;
    await db
      .insert(outboxMessages)
      .values({ channel, recipient: to, subject, body, meta, createdAt: clock.now(), idempotencyKey })
      .onConflictDoNothing();
  };
  return {
    email: { send: (message) => record('email', message.to, message.subject, message.text, message.meta, message.key) },
    sms: { send: (message) => record('sms', message.to, null, message.text, message.meta) },
  };
}

export async function readOutbox(db: Database, filter: { to?: string; channel?: 'email' | 'sms'; limit: number }): Promise<OutboxEntry[]> {
  const conditions = [
    ...(filter.to ? [eq(outboxMessages.recipient, filter.to)] : []),
    ...(filter.channel ? [eq(outboxMessages.channel, filter.channel)] : []),
  ];
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel === 'sms' ? 'sms' : 'email',
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    meta: row.meta,
    created_at: row.createdAt.toISOString(),
  }));
}
