import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CheckinRepeat } from '../../features/checkin/wire';
import { users } from './accounts';
import { eventCities } from './catalogue';
import { tickets } from './orders';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Who may check tickets in at an event city (issue 24): one row per person and event city. The demo seed
 * gives `staff@geroi.example` every event; in production an administrator inserts the rows (README).
 */
export const eventStaff = pgTable(
  'event_staff',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    eventCityId: integer('event_city_id')
      .notNull()
      .references(() => eventCities.id),
    grantedAt: timestamptz('granted_at').notNull(),
    /** The organiser who gave the grant (null: the seed). */
    grantedBy: integer('granted_by').references(() => users.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventCityId] }), index('event_staff_event_city_idx').on(table.eventCityId)],
);

/**
 * An event city's Ed25519 signing keys (JWK). The one without `retired_at` signs; retired ones still
 * verify the codes they signed. `private_jwk` never leaves the server.
 */
export const eventKeys = pgTable(
  'event_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kid: text('kid').notNull().unique(),
    eventCityId: integer('event_city_id')
      .notNull()
      .references(() => eventCities.id),
    publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
    privateJwk: jsonb('private_jwk').$type<Record<string, string>>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    retiredAt: timestamptz('retired_at'),
    /** Revoked (issue 33): its codes are refused, and scanners no longer get it. */
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [uniqueIndex('event_keys_active_idx').on(table.eventCityId).where(sql`"retired_at" IS NULL`)],
);

/** A ticket checked in: the first scan that reached the server (unique per ticket), and the count of later ones. */
export const checkins = pgTable(
  'checkins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .unique('checkins_ticket_unique')
      .references(() => tickets.id),
    eventCityId: integer('event_city_id')
      .notNull()
      .references(() => eventCities.id),
    /** The ticket's format, kept beside it so the organiser's dashboard counts check-ins per format from this table alone. */
    formatId: integer('format_id'),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id),
    scanId: text('scan_id').notNull(),
    device: text('device').notNull(),
    scannedAt: timestamptz('scanned_at').notNull(),
    checkedAt: timestamptz('checked_at').notNull(),
    /** Later scans of the ticket that reached the server (duplicates): how many, and the last five — told to every scanner by the list. */
    repeatCount: integer('repeat_count').notNull().default(0),
    repeats: jsonb('repeats').$type<CheckinRepeat[]>().notNull().default([]),
  },
  (table) => [index('checkins_event_city_idx').on(table.eventCityId)],
);

/** Every scan's answer, by the scanning account and its `scan_id`: a repeated scan gets the same answer. */
export const checkinScans = pgTable(
  'checkin_scans',
  {
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id),
    scanId: text('scan_id').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.staffUserId, table.scanId] })],
);
