import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { eventFormats, events } from './catalogue';
import { cities } from './locations';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Body paragraphs separated by blank lines. */
    text: text('text').notNull(),
    titleEn: text('title_en'),
    descriptionEn: text('description_en'),
    textEn: text('text_en'),
    picture: text('picture').notNull(),
    eventId: integer('event_id').references(() => events.id),
    publishedAt: timestamptz('published_at').notNull(),
  },
  (table) => [index('news_published_idx').on(table.publishedAt)],
);

export const clubs = pgTable('clubs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  publicName: text('public_name').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  titleEn: text('title_en'),
  descriptionEn: text('description_en'),
  picture: text('picture').notNull(),
  cityId: integer('city_id')
    .notNull()
    .references(() => cities.id),
  createdDate: timestamptz('created_date').notNull(),
});

export const competitionTypes = pgTable('competition_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en'),
  /** What a result measures: time or distance. */
  unit: text('unit').notNull(),
});

export const clubCompetitions = pgTable('club_competitions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  clubId: integer('club_id')
    .notNull()
    .references(() => clubs.id),
  competitionTypeId: integer('competition_type_id')
    .notNull()
    .references(() => competitionTypes.id),
  title: text('title').notNull(),
  description: text('description').notNull(),
  titleEn: text('title_en'),
  descriptionEn: text('description_en'),
  startDate: timestamptz('start_date').notNull(),
  endDate: timestamptz('end_date').notNull(),
});

export const competitionResults = pgTable('competition_results', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  competitionId: integer('competition_id')
    .notNull()
    .references(() => clubCompetitions.id),
  participant: text('participant').notNull(),
  value: text('value').notNull(),
  place: integer('place').notNull(),
});

/** One finisher line of an event format's results table. Times are 'HH:MM:SS'. */
export const resultRows = pgTable(
  'result_rows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    formatId: integer('format_id')
      .notNull()
      .references(() => eventFormats.id),
    startNumber: integer('start_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').notNull(),
    ageCategory: text('age_category').notNull(),
    teamName: text('team_name'),
    city: text('city').notNull(),
    distance: text('distance').notNull(),
    status: text('status').notNull(),
    startTime: text('start_time').notNull(),
    finishTime: text('finish_time'),
    netTime: text('net_time'),
    officialTime: text('official_time'),
    penaltyTime: text('penalty_time'),
    bonusTime: text('bonus_time'),
    placeOverall: integer('place_overall'),
    placeGender: integer('place_gender'),
    placeAge: integer('place_age'),
    placeCategory: integer('place_category'),
  },
  (table) => [index('result_rows_format_idx').on(table.formatId)],
);

/** Entries of the state register of licensed sports and educational organisations. */
export const obrnadzorEntries = pgTable(
  'obrnadzor_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    regionName: text('region_name').notNull(),
    organization: text('organization').notNull(),
    shortName: text('short_name').notNull(),
    inn: text('inn').notNull(),
    ogrn: text('ogrn').notNull(),
    licenseNumber: text('license_number').notNull(),
    licenseDate: date('license_date', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    activity: text('activity').notNull(),
    status: text('status').notNull(),
  },
  (table) => [index('obrnadzor_region_idx').on(table.regionName)],
);
