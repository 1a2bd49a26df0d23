import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { cities } from './locations';

export interface EventBanners {
  home_page: { desktop_picture: string; mobile_picture: string; text_color: string; slider_logo: string; button_color: string };
  landing_page: { slider_logo: string; button_color: string; mobile_picture: string };
}
export interface AdditionalField {
  name: string;
  label: string;
  required: boolean;
  /**
   * Where the answer comes from when it is not free text: 'obrnadzor' — an organisation of the state
   * education register (GET /api/obrnadzor/*), for a field asking for a school or institution.
   */
  register?: 'obrnadzor';
}
export interface FormatCluster {
  name: string;
  document: boolean;
}
export interface FormatSelect {
  title: string;
  values: string[];
}

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/*
 * `*_en` columns (here and in the other catalogue tables) hold the English texts the API answers with
 * `Accept-Language: en`; null falls back to the Russian column beside them (rows made before 0003).
 */

/** A family of event types shown together (the project link and main picture of spec 3). */
export const projects = pgTable('projects', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en'),
  link: text('link').notNull(),
  pictureMain: text('picture_main').notNull(),
});

export const eventTypes = pgTable('event_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id),
  title: text('title').notNull(),
  description: text('description').notNull(),
  titleEn: text('title_en'),
  descriptionEn: text('description_en'),
  logo: text('logo').notNull(),
  videoPromo: text('video_promo'),
  sort: integer('sort').notNull().default(0),
});

export const events = pgTable('events', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  eventTypeId: integer('event_type_id')
    .notNull()
    .references(() => eventTypes.id),
  title: text('title').notNull(),
  description: text('description').notNull(),
  titleEn: text('title_en'),
  descriptionEn: text('description_en'),
  externalUrl: text('external_url'),
  slider: boolean('slider').notNull().default(false),
  banners: jsonb('banners').$type<EventBanners>().notNull(),
  sort: integer('sort').notNull().default(0),
  /** The organisation that runs the event (issue 31; the foreign key is in the migration). */
  organisationId: integer('organisation_id'),
});

/** One running of an event in one city on one date. */
export const eventCities = pgTable(
  'event_cities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    startTime: timestamptz('start_time').notNull(),
    address: text('address').notNull(),
    addressEn: text('address_en'),
    timezone: text('timezone').notNull(),
    resultsPublished: boolean('results_published').notNull().default(false),
    /** When tickets go on and off sale (null: from now, until the start). */
    registrationOpensAt: timestamptz('registration_opens_at'),
    registrationClosesAt: timestamptz('registration_closes_at'),
  },
  (table) => [index('event_cities_event_idx').on(table.eventId), index('event_cities_start_idx').on(table.startTime)],
);

/** A ticket kind of an event city (distance, team relay, children's race…). Prices in kopecks. */
export const eventFormats = pgTable(
  'event_formats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    eventCityId: integer('event_city_id')
      .notNull()
      .references(() => eventCities.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    titleEn: text('title_en'),
    descriptionEn: text('description_en'),
    price: integer('price').notNull(),
    isTeam: boolean('is_team').notNull().default(false),
    /** Team size for team formats, the per-order maximum for individual ones. */
    maxCount: integer('max_count').notNull(),
    fixedCount: boolean('fixed_count').notNull().default(false),
    teamAll: boolean('team_all').notNull().default(false),
    buyLimit: integer('buy_limit'),
    hidden: boolean('hidden').notNull().default(false),
    ageMin: integer('age_min'),
    ageMax: integer('age_max'),
    licenseFile: boolean('license_file').notNull().default(false),
    shirtUnavailable: boolean('shirt_unavailable').notNull().default(false),
    insuranceAvailable: boolean('insurance_available').notNull().default(false),
    preregistration: boolean('preregistration').notNull().default(false),
    space: boolean('space').notNull().default(false),
    delivery: boolean('delivery').notNull().default(false),
    clubs: boolean('clubs').notNull().default(false),
    qr: boolean('qr').notNull().default(true),
    notes: text('notes'),
    notesEn: text('notes_en'),
    regions: jsonb('regions').$type<number[]>().notNull().default([]),
    clusters: jsonb('clusters').$type<FormatCluster[]>().notNull().default([]),
    additionalFields: jsonb('additional_fields').$type<AdditionalField[]>().notNull().default([]),
    /** The same fields with English labels (names unchanged: they key the participant's answers). */
    additionalFieldsEn: jsonb('additional_fields_en').$type<AdditionalField[]>(),
    select: jsonb('select').$type<FormatSelect | null>(),
    /** The select with an English title; its values stay as they are, the server checks answers against them. */
    selectEn: jsonb('select_en').$type<FormatSelect>(),
    numberFrom: integer('number_from'),
    numberTo: integer('number_to'),
    startTime: timestamptz('start_time'),
    /** A virtual (online) format: the holder sends their time from the ticket page (PUT /api/user/ticket/online). */
    online: boolean('online').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** A format with sold tickets is closed by its organiser, never deleted: off sale and out of the catalogue. */
    closedAt: timestamptz('closed_at'),
  },
  (table) => [index('event_formats_event_city_idx').on(table.eventCityId)],
);

/** Ticket capacity of a format per participant kind (athlete, volunteer…). */
export const formatStock = pgTable(
  'format_stock',
  {
    formatId: integer('format_id')
      .notNull()
      .references(() => eventFormats.id),
    kind: text('kind').notNull(),
    capacity: integer('capacity').notNull(),
    /** Tickets sold or held by unpaid orders; the check makes overselling impossible. */
    taken: integer('taken').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.formatId, table.kind] }),
    check('format_stock_taken_range', sql`${table.taken} >= 0 and ${table.taken} <= ${table.capacity}`),
  ],
);

export const teams = pgTable('teams', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  formatId: integer('format_id')
    .notNull()
    .references(() => eventFormats.id),
  name: text('name').notNull(),
  /** The name in English (the seed's teams; a buyer's team has its one name). */
  nameEn: text('name_en'),
  number: integer('number').notNull(),
  membersCount: integer('members_count').notNull(),
});

/** Formats of an event city sold by a partner site (a link instead of a ticket). */
export const externalFormats = pgTable('external_formats', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  eventCityId: integer('event_city_id')
    .notNull()
    .references(() => eventCities.id),
  title: text('title').notNull(),
  description: text('description').notNull(),
  titleEn: text('title_en'),
  descriptionEn: text('description_en'),
  price: integer('price').notNull(),
  link: text('link').notNull(),
  startTime: timestamptz('start_time').notNull(),
});

/** Seats of a format with numbered places (sector, row, place). */
export const spacePlaces = pgTable(
  'space_places',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    formatId: integer('format_id')
      .notNull()
      .references(() => eventFormats.id),
    sector: text('sector').notNull(),
    row: integer('row').notNull(),
    place: integer('place').notNull(),
    booked: boolean('booked').notNull().default(false),
    /**
     * A signed-in buyer's hold (POST /api/space/place) until `held_until` (10 minutes, the basket's
     * hold); a payment moves it to its order (`order_id`, held until the order's expiry) and the paid
     * order books it. Foreign keys (users, orders) are in the migration.
     */
    heldBy: integer('held_by'),
    heldUntil: timestamptz('held_until'),
    orderId: integer('order_id'),
  },
  (table) => [index('space_places_format_idx').on(table.formatId)],
);

/** Start numbers already taken in a format whose numbers participants choose. */
export const bookedNumbers = pgTable(
  'booked_numbers',
  {
    formatId: integer('format_id')
      .notNull()
      .references(() => eventFormats.id),
    number: integer('number').notNull(),
    userId: integer('user_id'),
    bookedAt: timestamptz('booked_at').notNull(),
    /**
     * Null: the number is the participant's for good (sold, or the organiser's). Otherwise a hold
     * (POST /api/booked/number, 10 minutes; then its order's expiry once a payment took it, `order_id`).
     */
    expiresAt: timestamptz('expires_at'),
    orderId: integer('order_id'),
  },
  (table) => [primaryKey({ columns: [table.formatId, table.number] })],
);

/** Participant insurance offers. Price in kopecks; delays and validity in seconds. */
export const insurances = pgTable('insurances', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull(),
  description: text('description').notNull(),
  footnote: text('footnote').notNull(),
  legals: text('legals').notNull(),
  nameEn: text('name_en'),
  titleEn: text('title_en'),
  subtitleEn: text('subtitle_en'),
  descriptionEn: text('description_en'),
  footnoteEn: text('footnote_en'),
  logo: text('logo').notNull(),
  price: integer('price').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  activationDelay: integer('activation_delay').notNull(),
  validityTime: integer('validity_time').notNull(),
  userPicksStart: boolean('user_picks_start').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

export const formatInsurances = pgTable(
  'format_insurances',
  {
    formatId: integer('format_id')
      .notNull()
      .references(() => eventFormats.id),
    insuranceId: integer('insurance_id')
      .notNull()
      .references(() => insurances.id),
  },
  (table) => [primaryKey({ columns: [table.formatId, table.insuranceId] })],
);
