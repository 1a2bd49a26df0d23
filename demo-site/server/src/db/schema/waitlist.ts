import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContentLanguage } from '../../lib/language';
import { users } from './accounts';
import { eventFormats } from './catalogue';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The waiting list of a sold-out format (issue 35): one place per person (e-mail) per format, first
 * come first served. A freed place is taken for the first waiting person (`offered`: the place counts
 * as taken in `format_stock`, so it is never on sale meanwhile) until the offer is used or runs out.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    formatId: integer('format_id')
      .notNull()
      .references(() => eventFormats.id),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id),
    /** waiting → offered → used (bought) | expired (the offer ran out) ; left: the person left the list. */
    status: text('status').notNull().default('waiting'),
    createdAt: timestamptz('created_at').notNull(),
    offerCodeHash: text('offer_code_hash').unique(),
    /** The offer link's code until its letter is queued (then cleared: only its hash stays). */
    offerCode: text('offer_code'),
    offeredAt: timestamptz('offered_at'),
    offerExpiresAt: timestamptz('offer_expires_at'),
    letterSentAt: timestamptz('letter_sent_at'),
    orderId: integer('order_id'),
    closedAt: timestamptz('closed_at'),
    /** The language the visitor joined in (`Accept-Language`): the offer letter is written in it. */
    language: text('language').$type<ContentLanguage>().notNull().default('ru'),
  },
  (table) => [
    uniqueIndex('waitlist_one_place').on(table.formatId, table.email).where(sql`status in ('waiting', 'offered')`),
    index('waitlist_queue_idx').on(table.formatId, table.status, table.id),
    index('waitlist_user_idx').on(table.userId),
  ],
);
