import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { eventCities } from './catalogue';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An event organiser (issue 31): it owns events; its members run them from `/organizer`. */
export const organisations = pgTable('organisations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  name: text('name').notNull().unique(),
  createdAt: timestamptz('created_at').notNull(),
});

export type OrganiserRole = 'owner' | 'manager' | 'viewer';

/** A member of an organisation and their role: owner (everything), manager (catalogue, orders, staff), viewer (read-only). */
export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<OrganiserRole>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.userId] }), index('organisation_members_user_idx').on(table.userId)],
);

/** Every organiser write — who, when, what, before and after — written in the write's own transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetPublicId: text('target_public_id'),
    eventCityId: integer('event_city_id').references(() => eventCities.id),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('audit_log_organisation_idx').on(table.organisationId, table.id.desc())],
);

/** A letter from an organiser to the participants of an event city (or one of its formats). */
export const organizerMessages = pgTable('organizer_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id),
  eventCityId: integer('event_city_id')
    .notNull()
    .references(() => eventCities.id),
  formatId: integer('format_id'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** Essential letters (a changed start, a cancellation) go to everyone; others respect unsubscribes. */
  essential: boolean('essential').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamptz('created_at').notNull(),
});

/** Each address once per message; `sent_at` set once its letter left. */
export const organizerMessageRecipients = pgTable(
  'organizer_message_recipients',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => organizerMessages.id),
    email: text('email').notNull(),
    /** The unsubscribe link's secret. */
    token: text('token').notNull().unique(),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.email] })],
);

/** Addresses that asked for no more non-essential letters. */
export const mailingUnsubscribes = pgTable('mailing_unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: timestamptz('created_at').notNull(),
});

/** A one-time download link of an export (issue 31): the token's SHA-256, whose it is, what it serves, until when. */
export const organizerDownloads = pgTable('organizer_downloads', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  eventCityId: integer('event_city_id')
    .notNull()
    .references(() => eventCities.id),
  file: text('file').notNull(),
  formatPublicId: text('format_public_id'),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});
