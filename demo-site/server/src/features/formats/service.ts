import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  bookedNumbers,
  cities,
  eventCities,
  eventFormats,
  events,
  externalFormats,
  formatInsurances,
  insurances,
  regions,
  spacePlaces,
  teams,
} from '../../db/schema/index';
import { badRequest, found } from '../../lib/errors';
import { type ContentLanguage, inLanguage, placeNames } from '../../lib/language';
import { toRubles } from '../../lib/money';
import { presentCity, presentEventCity } from '../events/present';
import { presentInsurance } from '../insurances/present';
import { stockLeft } from '../payment/catalogue';

type FormatRow = typeof eventFormats.$inferSelect;
type EventCityRow = typeof eventCities.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** Tickets left per kind: capacity minus what is sold or held by unpaid orders (booked seats included). */
export async function ticketsLeft(db: Database, formats: FormatRow[]): Promise<Map<number, Record<string, number>>> {
  return stockLeft(
    db,
    formats.map((format) => format.id),
  );
}

async function regionNames(db: Database, formats: FormatRow[]): Promise<Map<number, { nameRu: string; nameEn: string | null }>> {
  const ids = [...new Set(formats.flatMap((format) => format.regions))];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(regions).where(inArray(regions.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A ticket kind as the basket reads it (ticketing-shop §3 event format and basket item). Price in rubles. */
function presentFormat(
  formatRow: FormatRow,
  eventCityRow: EventCityRow,
  eventRow: EventRow,
  left: Record<string, number>,
  regionName: Map<number, { nameRu: string; nameEn: string | null }>,
  language: ContentLanguage,
) {
  const format = inLanguage(formatRow, language);
  const eventCity = inLanguage(eventCityRow, language);
  const event = inLanguage(eventRow, language);
  return {
    public_id: format.publicId,
    title: format.title,
    description: format.description,
    price: toRubles(format.price),
    max_count: format.maxCount,
    tickets_left: left,
    is_team: format.isTeam,
    fixed_count: format.fixedCount,
    team_all: format.teamAll,
    buy_limit: format.buyLimit,
    hidden: format.hidden,
    age_min: format.ageMin,
    age_max: format.ageMax,
    license_file: format.licenseFile,
    shirt_unavailable: format.shirtUnavailable,
    insurance_available: format.insuranceAvailable,
    preregistration: format.preregistration,
    space: format.space,
    start_numbers: format.numberFrom !== null,
    online: format.online,
    delivery: format.delivery,
    clubs: format.clubs,
    qr: format.qr,
    notes: format.notes,
    regions: format.regions.map((id) => ({ id, ...placeNames(regionName.get(id) ?? { nameRu: '', nameEn: null }, language) })),
    clusters: format.clusters,
    additional_fields: format.additionalFields,
    select: format.select,
    start_time: (format.startTime ?? eventCity.startTime).toISOString(),
    address: eventCity.address,
    timezone: eventCity.timezone,
    event_city: { public_id: eventCity.publicId },
    event: { public_id: event.publicId, title: event.title },
  };
}

async function findEventCity(db: Database, publicId: string) {
  const [row] = await db
    .select({ eventCity: eventCities, city: cities, event: events })
    .from(eventCities)
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(eq(eventCities.publicId, publicId));
  return row;
}

/**
 * GET /api/event_format/event/{id}: the formats of an event city (an event's public id also works: the
 * formats of all its cities), hidden ones only with ?hidden=true; `city` is the event city's city.
 */
export async function listFormats(db: Database, id: string, includeHidden: boolean, language: ContentLanguage) {
  const single = await findEventCity(db, id);
  let places: NonNullable<Awaited<ReturnType<typeof findEventCity>>>[];
  if (single) places = [single];
  else {
    const [event] = await db.select().from(events).where(eq(events.publicId, id));
    found(event);
    places = await db
      .select({ eventCity: eventCities, city: cities, event: events })
      .from(eventCities)
      .innerJoin(cities, eq(cities.id, eventCities.cityId))
      .innerJoin(events, eq(events.id, eventCities.eventId))
      .where(eq(eventCities.eventId, event!.id))
      .orderBy(asc(eventCities.startTime));
  }
  const formats = await db
    .select()
    .from(eventFormats)
    .where(
      and(
        inArray(
          eventFormats.eventCityId,
          places.map((place) => place.eventCity.id),
        ),
        includeHidden ? undefined : eq(eventFormats.hidden, false),
        // A closed format (its organiser stopped its sales: issue 31) is off the site; its tickets stay valid.
        isNull(eventFormats.closedAt),
      ),
    )
    .orderBy(asc(eventFormats.eventCityId), asc(eventFormats.sort));
  const [left, regionName] = await Promise.all([ticketsLeft(db, formats), regionNames(db, formats)]);
  const first = places[0];
  return {
    values: formats.map((format) => {
      const place = places.find((candidate) => candidate.eventCity.id === format.eventCityId)!;
      return presentFormat(format, place.eventCity, place.event, left.get(format.id)!, regionName, language);
    }),
    city: first ? presentCity(first.city, language) : null,
    event_city: first && single ? presentEventCity(first.eventCity, first.city, language) : null,
  };
}

/**
 * GET /api/event_format/virtual (spec silent; the /virtualEvents list): the visible virtual formats
 * (`online`) whose event city has not started yet, soonest first, each with its event and city.
 */
export async function listVirtualFormats(db: Database, now: Date, language: ContentLanguage) {
  const rows = await db
    .select({ format: eventFormats, eventCity: eventCities, city: cities, event: events })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(
      and(eq(eventFormats.online, true), eq(eventFormats.hidden, false), isNull(eventFormats.closedAt), gt(eventCities.startTime, now)),
    )
    .orderBy(asc(eventCities.startTime), asc(eventFormats.sort));
  const formats = rows.map((row) => row.format);
  const [left, regionName] = await Promise.all([ticketsLeft(db, formats), regionNames(db, formats)]);
  return rows.map((row) => ({
    ...presentFormat(row.format, row.eventCity, row.event, left.get(row.format.id)!, regionName, language),
    city: presentCity(row.city, language),
  }));
}

async function findFormat(db: Database, publicId: string) {
  const [row] = await db
    .select({ format: eventFormats, eventCity: eventCities, city: cities, event: events })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(eq(eventFormats.publicId, publicId));
  return found(row);
}

/** GET /api/event_format/{id}: one format with its event city. */
export async function getFormat(db: Database, publicId: string, language: ContentLanguage) {
  const row = await findFormat(db, publicId);
  const [left, regionName] = await Promise.all([ticketsLeft(db, [row.format]), regionNames(db, [row.format])]);
  return {
    ...presentFormat(row.format, row.eventCity, row.event, left.get(row.format.id)!, regionName, language),
    city: presentCity(row.city, language),
  };
}

/** GET /api/event_format/active/insurances/{id}: insurance offers of a format, with its start as unix seconds. */
export async function listFormatInsurances(db: Database, publicId: string, language: ContentLanguage) {
  const row = await findFormat(db, publicId);
  if (!row.format.insuranceAvailable) return [];
  const offers = await db
    .select({ insurance: insurances })
    .from(formatInsurances)
    .innerJoin(insurances, eq(insurances.id, formatInsurances.insuranceId))
    .where(eq(formatInsurances.formatId, row.format.id))
    .orderBy(asc(insurances.sort));
  const start = row.format.startTime ?? row.eventCity.startTime;
  return offers.map(({ insurance }) => ({
    ...presentInsurance(insurance, language),
    format_public_id: row.format.publicId,
    format_start_time: Math.floor(start.getTime() / 1000),
  }));
}

/** GET /api/insurance/event/city/formats/{id}: formats of an event city that sell insurance (the insurance popup's third select). */
export async function listInsurableFormats(db: Database, eventCityPublicId: string, language: ContentLanguage) {
  const place = found(await findEventCity(db, eventCityPublicId));
  const formats = await db
    .select()
    .from(eventFormats)
    .where(and(eq(eventFormats.eventCityId, place.eventCity.id), eq(eventFormats.insuranceAvailable, true), eq(eventFormats.hidden, false)))
    .orderBy(asc(eventFormats.sort));
  return formats.map((format) => ({
    public_id: format.publicId,
    title: inLanguage(format, language).title,
    start_time: (format.startTime ?? place.eventCity.startTime).toISOString(),
  }));
}

/** GET /api/teams/{id}: teams registered in a team format. */
export async function listTeams(db: Database, formatPublicId: string, language: ContentLanguage = 'ru') {
  const { format } = await findFormat(db, formatPublicId);
  const rows = await db.select().from(teams).where(eq(teams.formatId, format.id)).orderBy(asc(teams.number));
  return rows.map((team) => ({
    public_id: team.publicId,
    name: inLanguage(team, language).name,
    number: team.number,
    members_count: team.membersCount,
    max_count: format.maxCount,
    free_places: Math.max(0, format.maxCount - team.membersCount),
  }));
}

/** How long a start number or a seat chosen in the basket stays the chooser's (ticketing-shop §9: 10 minutes). */
export const CHOICE_HOLD_MS = 10 * 60_000;

/** A seat is free when nobody bought it and nobody's hold on it is running. */
const seatFree = (row: { booked: boolean; heldUntil: Date | null }, now: Date) =>
  !row.booked && (row.heldUntil === null || row.heldUntil.getTime() <= now.getTime());

/**
 * GET /api/space/{id}: every seat of a format with numbered places; `free` is false for a seat sold
 * or held by someone's basket, `mine` marks the asker's own hold (when signed in).
 */
export async function listSpacePlaces(db: Database, formatPublicId: string, now: Date, viewerId: number | null = null) {
  const { format } = await findFormat(db, formatPublicId);
  const rows = await db
    .select()
    .from(spacePlaces)
    .where(eq(spacePlaces.formatId, format.id))
    .orderBy(asc(spacePlaces.sector), asc(spacePlaces.row), asc(spacePlaces.place));
  return rows.map((row) => {
    const mine = viewerId !== null && row.heldBy === viewerId && row.orderId === null && !seatFree(row, now) && !row.booked;
    return {
      public_id: row.publicId,
      sector: row.sector,
      row: row.row,
      place: row.place,
      free: seatFree(row, now),
      ...(mine ? { mine } : {}),
    };
  });
}

/** GET /api/space/map/list/{id}: the sectors of a seated format, for the seat map. */
export async function listSpaceSectors(db: Database, formatPublicId: string, now: Date) {
  const places = await listSpacePlaces(db, formatPublicId, now);
  const sectors = new Map<string, { sector: string; rows: number; places_per_row: number; free_count: number; total_count: number }>();
  for (const place of places) {
    const sector = sectors.get(place.sector) ?? { sector: place.sector, rows: 0, places_per_row: 0, free_count: 0, total_count: 0 };
    sector.rows = Math.max(sector.rows, place.row);
    sector.places_per_row = Math.max(sector.places_per_row, place.place);
    sector.total_count += 1;
    if (place.free) sector.free_count += 1;
    sectors.set(place.sector, sector);
  }
  return [...sectors.values()];
}

export const spaceMessages = {
  notSeated: 'В этом формате места не выбираются',
  noPlace: 'Такого места нет',
  taken: 'Это место уже занято',
} as const;

/**
 * POST /api/space/place: holds a free seat for the signed-in buyer for 10 minutes (the basket's hold).
 * One conditional UPDATE decides races (the row lock): of two people taking one seat, one gets it. The
 * buyer's earlier seat in the format (not yet in an order) is let go: one seat per buyer and format.
 */
export async function holdSpacePlace(
  db: Database,
  now: Date,
  userId: number,
  input: { format_public_id: string; place_public_id: string },
) {
  const { format } = await findFormat(db, input.format_public_id);
  if (!format.space) throw badRequest(spaceMessages.notSeated);
  const until = new Date(now.getTime() + CHOICE_HOLD_MS);
  const held = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: spacePlaces.id })
      .from(spacePlaces)
      .where(and(eq(spacePlaces.formatId, format.id), eq(spacePlaces.publicId, input.place_public_id)));
    if (!target) throw badRequest(spaceMessages.noPlace);
    const [taken] = await tx
      .update(spacePlaces)
      .set({ heldBy: userId, heldUntil: until, orderId: null })
      .where(
        and(
          eq(spacePlaces.id, target.id),
          eq(spacePlaces.booked, false),
          or(
            isNull(spacePlaces.heldUntil),
            lte(spacePlaces.heldUntil, now),
            and(eq(spacePlaces.heldBy, userId), isNull(spacePlaces.orderId)),
          ),
        ),
      )
      .returning();
    if (!taken) throw badRequest(spaceMessages.taken);
    await tx
      .update(spacePlaces)
      .set({ heldBy: null, heldUntil: null })
      .where(
        and(
          eq(spacePlaces.formatId, format.id),
          eq(spacePlaces.heldBy, userId),
          isNull(spacePlaces.orderId),
          eq(spacePlaces.booked, false),
          ne(spacePlaces.id, target.id),
        ),
      );
    return taken;
  });
  return {
    place: { public_id: held.publicId, sector: held.sector, row: held.row, place: held.place },
    held_until: until.toISOString(),
  };
}

/** A start number is taken when it is the participant's for good or its hold is still running. */
const numberLive = (now: Date) => or(isNull(bookedNumbers.expiresAt), gt(bookedNumbers.expiresAt, now));

/** GET /api/booked/numbers/{id}: start numbers of a format, free and taken (held ones count as taken). */
export async function startNumbers(db: Database, formatPublicId: string, now: Date) {
  const { format } = await findFormat(db, formatPublicId);
  if (format.numberFrom === null || format.numberTo === null) return { free_numbers: [], booked_numbers: [] };
  const rows = await db
    .select({ number: bookedNumbers.number })
    .from(bookedNumbers)
    .where(and(eq(bookedNumbers.formatId, format.id), numberLive(now)));
  const booked = new Set(rows.map((row) => row.number));
  const free: number[] = [];
  for (let number = format.numberFrom; number <= format.numberTo; number++) if (!booked.has(number)) free.push(number);
  return { free_numbers: free, booked_numbers: [...booked].sort((a, b) => a - b) };
}

export const startNumberMessages = {
  notChosen: 'Для этого формата номер не выбирается',
  outOfRange: 'Такого номера нет',
  taken: 'Этот номер уже занят',
  alreadyChosen: 'Вы уже выбрали номер в этом формате',
} as const;

/**
 * POST /api/booked/number: holds a start number for the signed-in user for 10 minutes (the basket's
 * hold); the payment then takes it for its order and the paid order makes it the participant's. The
 * primary key (format, number) decides races: of two people taking one number at once, one gets it,
 * the other a 400. Choosing again lets the earlier hold go; a number already bought stays the only one.
 */
export async function bookStartNumber(db: Database, now: Date, userId: number, input: { format_public_id: string; number: number }) {
  const { format } = await findFormat(db, input.format_public_id);
  if (format.numberFrom === null || format.numberTo === null) throw badRequest(startNumberMessages.notChosen);
  if (input.number < format.numberFrom || input.number > format.numberTo) throw badRequest(startNumberMessages.outOfRange);
  const expiresAt = new Date(now.getTime() + CHOICE_HOLD_MS);
  await db.transaction(async (tx) => {
    const mine = await tx
      .select({ number: bookedNumbers.number, expiresAt: bookedNumbers.expiresAt, orderId: bookedNumbers.orderId })
      .from(bookedNumbers)
      .where(and(eq(bookedNumbers.formatId, format.id), eq(bookedNumbers.userId, userId), numberLive(now)));
    if (mine.some((row) => row.expiresAt === null || row.orderId !== null)) throw badRequest(startNumberMessages.alreadyChosen);
    // Holds that ran out are nobody's: cleared first, so the insert below sees their numbers free.
    await tx
      .delete(bookedNumbers)
      .where(
        and(
          eq(bookedNumbers.formatId, format.id),
          or(
            lte(bookedNumbers.expiresAt, now),
            and(eq(bookedNumbers.userId, userId), isNull(bookedNumbers.orderId), isNotNull(bookedNumbers.expiresAt)),
          ),
        ),
      );
    const taken = await tx
      .insert(bookedNumbers)
      .values({ formatId: format.id, number: input.number, userId, bookedAt: now, expiresAt })
      .onConflictDoNothing()
      .returning({ number: bookedNumbers.number });
    if (taken.length === 0) throw badRequest(startNumberMessages.taken);
  });
  return { number: input.number, held_until: expiresAt.toISOString(), ...(await startNumbers(db, input.format_public_id, now)) };
}

/** GET /api/external/formats/{event_city_id}: formats sold by a partner site. */
export async function listExternalFormats(db: Database, eventCityPublicId: string, language: ContentLanguage) {
  const place = found(await findEventCity(db, eventCityPublicId));
  const rows = await db
    .select()
    .from(externalFormats)
    .where(eq(externalFormats.eventCityId, place.eventCity.id))
    .orderBy(asc(externalFormats.id));
  return {
    values: rows
      .map((row) => inLanguage(row, language))
      .map((row) => ({
        public_id: row.publicId,
        title: row.title,
        description: row.description,
        price: toRubles(row.price),
        link: row.link,
        start_time: row.startTime.toISOString(),
      })),
    city: presentCity(place.city, language),
  };
}
