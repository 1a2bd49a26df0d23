import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, eventCities, eventFormats, events, eventTypes, sales } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newPublicId } from '../../lib/crypto';
import { badRequest, found } from '../../lib/errors';
import { toKopecks, toRubles } from '../../lib/money';
import { changed, recordAudit } from './audit';
import { type CatalogueChanged, catalogueMessages } from './catalogue';
import type { EventCityCreate, EventCreate, SaleInput } from './schema';
import type { OrganizerContext } from './scope';

export const saleMessages = {
  dates: 'Скидка должна начинаться раньше, чем заканчивается',
  foreignFormat: 'Формат не относится к этому событию',
  startPassed: 'Старт должен быть в будущем',
  city: 'Город не найден',
  eventType: 'Вид события не найден',
} as const;

type SaleRow = typeof sales.$inferSelect;

async function formatsOf(db: Database, eventCityId: number) {
  return db
    .select({ id: eventFormats.id, publicId: eventFormats.publicId })
    .from(eventFormats)
    .where(eq(eventFormats.eventCityId, eventCityId));
}

function presentSale(row: SaleRow, formats: { id: number; publicId: string }[]) {
  return {
    public_id: row.publicId,
    title: row.title,
    active: row.active,
    starts_at: row.startDate.toISOString(),
    ends_at: row.endDate.toISOString(),
    discount_percent: row.discountForm === 'percent' ? row.discount : null,
    discount_amount: row.discountForm === 'percent' ? null : toRubles(row.discount),
    count: row.count,
    format_public_ids: formats.filter((format) => row.formatIds.includes(format.id)).map((format) => format.publicId),
  };
}

/** The sales (price tiers by date: «ранняя регистрация до…», and «от N билетов») of an event city. */
export async function listSales(db: Database, eventCityId: number) {
  const [rows, formats] = await Promise.all([
    db.select().from(sales).where(eq(sales.eventCityId, eventCityId)).orderBy(asc(sales.startDate)),
    formatsOf(db, eventCityId),
  ]);
  return { values: rows.map((row) => presentSale(row, formats)) };
}

/** The sale's fields from the input: dates in order, formats of this event city (all of them by default). */
async function saleValues(db: Database, eventCityId: number, input: SaleInput) {
  const startDate = new Date(input.starts_at);
  const endDate = new Date(input.ends_at);
  if (startDate >= endDate) throw badRequest(saleMessages.dates);
  const formats = await formatsOf(db, eventCityId);
  const byPublicId = new Map(formats.map((format) => [format.publicId, format.id]));
  if (input.format_public_ids?.some((id) => !byPublicId.has(id))) throw badRequest(saleMessages.foreignFormat);
  const formatIds = input.format_public_ids?.length
    ? input.format_public_ids.map((id) => byPublicId.get(id)!)
    : formats.map((format) => format.id);
  return {
    title: input.title,
    active: input.active ?? true,
    startDate,
    endDate,
    discount: input.discount_percent ?? toKopecks(input.discount_amount!),
    discountForm: input.discount_percent !== undefined ? 'percent' : 'fixed',
    count: input.count ?? 1,
    formatIds,
  };
}

/** POST /api/organizer/sales: a discount for the event city's tickets within dates (and from a count of tickets). */
export async function createSale(deps: ServerDeps, who: OrganizerContext, input: SaleInput, catalogueChanged: CatalogueChanged) {
  const eventCityId = who.eventCityId!;
  const values = await saleValues(deps.db, eventCityId, input);
  const publicId = newPublicId();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sales)
      .values({ ...values, publicId, eventCityId })
      .returning();
    await recordAudit(tx, who, deps.clock.now(), {
      action: 'sale.created',
      targetType: 'sale',
      targetPublicId: publicId,
      after: presentSale(row!, await formatsOf(tx, eventCityId)),
    });
  });
  catalogueChanged();
  return { public_id: publicId };
}

/** PUT /api/organizer/sales/{public_id}: the whole sale again (a paid order keeps the price it was made at). */
export async function updateSale(
  deps: ServerDeps,
  who: OrganizerContext,
  publicId: string,
  input: SaleInput,
  catalogueChanged: CatalogueChanged,
) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(sales).where(eq(sales.publicId, publicId)).for('update');
    const before = found(row);
    const values = await saleValues(tx, before.eventCityId!, input);
    const [after] = await tx.update(sales).set(values).where(eq(sales.id, before.id)).returning();
    const formats = await formatsOf(tx, before.eventCityId!);
    const diff = changed(presentSale(before, formats) as Record<string, unknown>, presentSale(after!, formats));
    if (diff.any)
      await recordAudit(tx, who, deps.clock.now(), {
        action: 'sale.changed',
        targetType: 'sale',
        targetPublicId: publicId,
        before: diff.before,
        after: diff.after,
      });
  });
  catalogueChanged();
  return listSales(deps.db, who.eventCityId!);
}

/**
 * POST /api/organizer/event_city: the event runs again — another city or date — with the event's
 * organisation; its formats are then added in the editor.
 */
export async function createEventCity(
  deps: ServerDeps,
  who: OrganizerContext,
  eventPublicId: string,
  input: EventCityCreate,
  catalogueChanged: CatalogueChanged,
) {
  const publicId = await deps.db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.publicId, eventPublicId));
    return insertEventCity(tx, deps, who, { id: found(event).id, publicId: eventPublicId }, input);
  });
  catalogueChanged();
  return { public_id: publicId };
}

/** A start of an event: the city's time zone, a start in the future, the registration window before it. */
async function insertEventCity(
  tx: Database,
  deps: ServerDeps,
  who: OrganizerContext,
  event: { id: number; publicId: string },
  input: Omit<EventCityCreate, 'event_public_id'> & { registration_opens_at?: string | null; registration_closes_at?: string | null },
) {
  const start = new Date(input.start_time);
  if (start.getTime() <= deps.clock.now().getTime()) throw badRequest(saleMessages.startPassed);
  const opens = input.registration_opens_at ? new Date(input.registration_opens_at) : null;
  const closes = input.registration_closes_at ? new Date(input.registration_closes_at) : null;
  if ((opens && closes && opens >= closes) || (closes && closes > start) || (opens && opens > start))
    throw badRequest(catalogueMessages.datesOrder);
  const publicId = newPublicId();
  const [city] = await tx.select().from(cities).where(eq(cities.id, input.city_id));
  if (!city) throw badRequest(saleMessages.city);
  const [row] = await tx
    .insert(eventCities)
    .values({
      publicId,
      eventId: event.id,
      cityId: city.id,
      startTime: start,
      address: input.address,
      timezone: city.timezone,
      registrationOpensAt: opens,
      registrationClosesAt: closes,
    })
    .returning({ id: eventCities.id });
  await recordAudit(tx, who, deps.clock.now(), {
    action: 'event_city.created',
    targetType: 'event_city',
    targetPublicId: publicId,
    eventCityId: row!.id,
    after: { event: event.publicId, city: city.nameRu, start_time: start.toISOString(), address: input.address },
  });
  return publicId;
}

/**
 * POST /api/organizer/events: a new event of the organisation with its first start. Its pictures are drawn
 * placeholders until the organisation's own are uploaded; it is on the public site at once.
 */
export async function createEvent(deps: ServerDeps, who: OrganizerContext, input: EventCreate, catalogueChanged: CatalogueChanged) {
  const result = await deps.db.transaction(async (tx) => {
    const [type] = await tx.select().from(eventTypes).where(eq(eventTypes.publicId, input.event_type_public_id));
    if (!type) throw badRequest(saleMessages.eventType);
    const publicId = newPublicId();
    const picture = (suffix: string) => `/images/organizer/${publicId}${suffix}.svg`;
    const [event] = await tx
      .insert(events)
      .values({
        publicId,
        eventTypeId: type.id,
        title: input.title,
        titleEn: input.title_en ?? null,
        description: input.description,
        descriptionEn: input.description_en ?? null,
        banners: {
          home_page: {
            desktop_picture: picture(''),
            mobile_picture: picture('-tall'),
            text_color: '#ffffff',
            slider_logo: type.logo,
            button_color: '#0f62fe',
          },
          landing_page: { slider_logo: type.logo, button_color: '#0f62fe', mobile_picture: picture('-tall') },
        },
        sort: 1000,
        organisationId: who.organisationId,
      })
      .returning({ id: events.id });
    await recordAudit(tx, who, deps.clock.now(), {
      action: 'event.created',
      targetType: 'event',
      targetPublicId: publicId,
      eventCityId: null,
      after: { title: input.title, event_type: type.title },
    });
    const eventCity = await insertEventCity(tx, deps, who, { id: event!.id, publicId }, input);
    return { public_id: publicId, event_city_public_id: eventCity };
  });
  catalogueChanged();
  return result;
}

/** The event types a new event may be of (for the form). */
export async function eventTypeOptions(db: Database) {
  const rows = await db
    .select({ publicId: eventTypes.publicId, title: eventTypes.title, titleEn: eventTypes.titleEn })
    .from(eventTypes)
    .orderBy(asc(eventTypes.sort));
  return { values: rows.map((row) => ({ public_id: row.publicId, title: row.title, title_en: row.titleEn })) };
}

/** The cities an event city may be held in (for the form). */
export async function cityOptions(db: Database) {
  const rows = await db.select({ id: cities.id, name: cities.nameRu, nameEn: cities.nameEn }).from(cities).orderBy(asc(cities.sort));
  return { values: rows.map((row) => ({ id: row.id, name: row.name, name_en: row.nameEn })) };
}
