import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clubs } from './content';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A site account. E-mail is stored lower-cased; phone as digits without the plus. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  email: text('email').unique(),
  emailConfirmedAt: timestamptz('email_confirmed_at'),
  /** How the e-mail was proven (link, reset, vk, google, gid): see features/accounts. Null while unproven. */
  emailProvenBy: text('email_proven_by'),
  passwordHash: text('password_hash'),
  phone: text('phone').unique(),
  phoneConfirmedAt: timestamptz('phone_confirmed_at'),
  /** How the phone was proven (sms, gid): see features/accounts. Null while unproven. */
  phoneProvenBy: text('phone_proven_by'),
  name: text('name'),
  lastName: text('last_name'),
  secondName: text('second_name'),
  birthDate: date('birth_date', { mode: 'string' }),
  gender: text('gender').notNull().default('none'),
  mailing: boolean('mailing').notNull().default(false),
  extraContact: text('extra_contact'),
  typeRelate: text('type_relate'),
  contactPhone: text('contact_phone'),
  /** The vip discount of spec 6 (applied to the first ticket): a percent or kopecks by `discountForm`. */
  discount: integer('discount'),
  discountForm: text('discount_form'),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamptz('created_at').notNull(),
});

/** An account at an outside identity provider (vk, google, gid) linked to a site account. */
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    /** How it was attached: sign_up (it made the account), password, code, email or phone (the provider vouched). */
    provenBy: text('proven_by'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [unique('external_identities_provider_subject').on(table.provider, table.subject)],
);

/** A sign-in. Only the sha-256 of the opaque token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    method: text('method').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    os: text('os'),
    browser: text('browser'),
    city: text('city'),
    country: text('country'),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** When the token was last used (to the minute): a session idle longer than `sessionIdleMs` has ended. */
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * A one-time secret sent to an address: an e-mail link code or a 4-digit SMS code (purpose says which).
 * Stored as a sha-256; `attempts` counts wrong guesses.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    userId: integer('user_id').references(() => users.id),
    codeHash: text('code_hash').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [
    index('verification_codes_target_idx').on(table.purpose, table.target),
    index('verification_codes_hash_idx').on(table.codeHash),
  ],
);

export const userClubs = pgTable(
  'user_clubs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    joinedAt: timestamptz('joined_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.clubId] })],
);

export const newsSubscriptions = pgTable('news_subscriptions', {
  email: text('email').primaryKey(),
  createdAt: timestamptz('created_at').notNull(),
});

export const supportRequests = pgTable('support_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  supportType: text('support_type').notNull(),
  userId: integer('user_id').references(() => users.id),
  createdAt: timestamptz('created_at').notNull(),
});
