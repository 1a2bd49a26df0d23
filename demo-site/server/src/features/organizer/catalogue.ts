import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cities,
  eventCities,
  eventFormats,
  events,
  formatInsurances,
  formatStock,
  insurances,
  organisations,
  tickets,
} from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newPublicId } from '../../lib/crypto';
import { badRequest, conflict, found } from '../../lib/errors';
import { toKopecks, toRubles } from '../../lib/money';
import { stockGate } from '../payment/stock-gate';
import { offerFreedPlaces, sendOfferLetters } from '../waitlist/service';
import { changed, recordAudit } from './audit';
import type { EventCityPatch, FormatCreate, FormatPatch } from './schema';
import type { OrganizerContext } from './scope';

export const catalogueMessages = {
  stockBelowTaken: (taken: number) => `Нельзя сделать билетов меньше, чем уже продано и забронировано (${taken})`,
  ageOrder: 'Минимальный возраст не может быть больше максимального',
  datesOrder: 'Регистрация должна открываться раньше, чем закрывается, и закрываться не позже старта',
  soldCannotDelete: 'Формат с проданными билетами нельзя удалить — его можно закрыть',
  closed: 'Формат закрыт: его нельзя изменить',
  teamSize: 'Для командного формата укажите размер команды от 2 человек',
} as const;

/** Invalidates what the public site caches of the catalogue (set by the routes: the response cache lives in the app). */
export type CatalogueChanged = () => void;

type FormatRow = typeof eventFormats.$inferSelect;

/** A format as the back office shows it: the editable fields, stock per kind (capacity, taken, sold) and the invitation link. */
function presentFormat(row: FormatRow, stock: { kind: string; capacity: number; taken: number }[], sold: number) {
  const athlete = stock.find((entry) => entry.kind === 'athlete');
  return {
    public_id: row.publicId,
    name: row.title,
    name_en: row.titleEn,
    description: row.description,
    price: toRubles(row.price),
    tickets_count: athlete?.capacity ?? 0,
    stock: stock.map((entry) => ({ kind: entry.kind, capacity: entry.capacity, taken: entry.taken })),
    sold,
    max_count: row.maxCount,
    is_team: row.isTeam,
    buy_limit: row.buyLimit,
    hidden: row.hidden,
    age_min: row.ageMin,
    age_max: row.ageMax,
    insurance_available: row.insuranceAvailable,
    preregistration: row.preregistration,
    shirt_unavailable: row.shirtUnavailable,
    start_time: row.startTime?.toISOString() ?? null,
    additional_fields: row.additionalFields,
    closed: row.closedAt !== null,
    invitation_link: row.hidden ? `/basket-fill-outside/${row.publicId}` : null,
  };
}

/** The event cities of the caller's organisations, soonest first, with their formats' sales. */
export async function organizerEvents(db: Database, organisationIds: number[], roles: Map<number, string>) {
  const rows = await db
    .select({
      publicId: eventCities.publicId,
      startTime: eventCities.startTime,
      address: eventCities.address,
      opensAt: eventCities.registrationOpensAt,
      closesAt: eventCities.registrationClosesAt,
      eventPublicId: events.publicId,
      eventTitle: events.title,
      city: cities.nameRu,
      cityEn: cities.nameEn,
      organisationId: organisations.id,
      organisationPublicId: organisations.publicId,
      organisation: organisations.name,
      capacity: sql<number>`(select coalesce(sum(s.capacity), 0)::int from format_stock s join event_formats f on f.id = s.format_id where f.event_city_id = ${eventCities.id})`,
      sold: sql<number>`(select count(*)::int from tickets t join event_formats f on f.id = t.format_id where f.event_city_id = ${eventCities.id} and t.status = 'active')`,
    })
    .from(eventCities)
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .where(inArray(events.organisationId, organisationIds))
    .orderBy(asc(eventCities.startTime));
  return {
    values: rows.map((row) => ({
      public_id: row.publicId,
      event_public_id: row.eventPublicId,
      title: row.eventTitle,
      city: row.city,
      city_en: row.cityEn,
      start_time: row.startTime.toISOString(),
      address: row.address,
      registration_opens_at: row.opensAt?.toISOString() ?? null,
      registration_closes_at: row.closesAt?.toISOString() ?? null,
      organisation: { public_id: row.organisationPublicId, name: row.organisation, role: roles.get(row.organisationId) },
      tickets_count: row.capacity,
      sold: row.sold,
    })),
  };
}

/** The formats of an event city, every one (hidden and closed too), with stock and sales. */
export async function organizerFormats(db: Database, eventCityId: number) {
  const rows = await db
    .select()
    .from(eventFormats)
    .where(eq(eventFormats.eventCityId, eventCityId))
    .orderBy(asc(eventFormats.sort), asc(eventFormats.id));
  if (rows.length === 0) return { values: [] };
  const ids = rows.map((row) => row.id);
  const [stock, sold] = await Promise.all([
    db.select().from(formatStock).where(inArray(formatStock.formatId, ids)).orderBy(asc(formatStock.kind)),
    db
      .select({ formatId: tickets.formatId, count: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(inArray(tickets.formatId, ids), eq(tickets.status, 'active')))
      .groupBy(tickets.formatId),
  ]);
  const soldBy = new Map(sold.map((row) => [row.formatId, row.count]));
  return {
    values: rows.map((row) =>
      presentFormat(
        row,
        stock.filter((entry) => entry.formatId === row.id),
        soldBy.get(row.id) ?? 0,
      ),
    ),
  };
}

function checkAges(ageMin: number | null | undefined, ageMax: number | null | undefined) {
  if (ageMin != null && ageMax != null && ageMin > ageMax) throw badRequest(catalogueMessages.ageOrder);
}

/** POST /api/organizer/event_format: a new format, live on the public site at once. */
export async function createFormat(deps: ServerDeps, who: OrganizerContext, body: FormatCreate, catalogueChanged: CatalogueChanged) {
  checkAges(body.age_min, body.age_max);
  const isTeam = body.is_team ?? false;
  if (isTeam && (body.max_count ?? 0) < 2) throw badRequest(catalogueMessages.teamSize);
  const now = deps.clock.now();
  const publicId = newPublicId();
  await deps.db.transaction(async (tx) => {
    const [place] = await tx
      .select({ id: eventCities.id, regionId: cities.regionId })
      .from(eventCities)
      .innerJoin(cities, eq(cities.id, eventCities.cityId))
      .where(eq(eventCities.publicId, body.event_city_public_id));
    const eventCity = found(place);
    const [last] = await tx
      .select({ sort: sql<number>`coalesce(max(${eventFormats.sort}), -1)::int` })
      .from(eventFormats)
      .where(eq(eventFormats.eventCityId, eventCity.id));
    const [row] = await tx
      .insert(eventFormats)
      .values({
        publicId,
        eventCityId: eventCity.id,
        title: body.name,
        titleEn: body.name_en ?? null,
        description: body.description ?? '',
        descriptionEn: null,
        price: toKopecks(body.price),
        isTeam,
        maxCount: body.max_count ?? (isTeam ? 2 : 5),
        buyLimit: body.buy_limit ?? null,
        hidden: body.hidden ?? false,
        ageMin: body.age_min ?? null,
        ageMax: body.age_max ?? null,
        insuranceAvailable: body.insurance_available ?? false,
        preregistration: body.preregistration ?? false,
        shirtUnavailable: body.shirt_unavailable ?? false,
        startTime: body.start_time ? new Date(body.start_time) : null,
        regions: [eventCity.regionId],
        additionalFields: body.additional_fields ?? [],
        sort: (last?.sort ?? -1) + 1,
      })
      .returning();
    await tx.insert(formatStock).values({ formatId: row!.id, kind: 'athlete', capacity: body.tickets_count });
    if (row!.insuranceAvailable) {
      const offers = await tx.select({ id: insurances.id }).from(insurances);
      if (offers.length) await tx.insert(formatInsurances).values(offers.map((offer) => ({ formatId: row!.id, insuranceId: offer.id })));
    }
    await recordAudit(tx, who, now, {
      action: 'format.created',
      targetType: 'format',
      targetPublicId: publicId,
      eventCityId: eventCity.id,
      after: { ...presentFormat(row!, [], 0), tickets_count: body.tickets_count },
    });
  });
  catalogueChanged();
  return { public_id: publicId };
}

/**
 * PATCH /api/organizer/event_format/{public_id}: price, stock, visibility and the rest. The stock moves by
 * one conditional update (never below what is sold and held, even while buyers are paying); a price
 * change reaches only new baskets (orders keep the prices they were made with).
 */
export async function updateFormat(
  deps: ServerDeps,
  who: OrganizerContext,
  publicId: string,
  body: FormatPatch,
  catalogueChanged: CatalogueChanged,
) {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    // NO KEY UPDATE: a buyer's order line takes a key-share lock on the format (its foreign key) after taking
    // the stock row; a full UPDATE lock here would wait on it while it waits on the stock row we take next.
    const [row] = await tx.select().from(eventFormats).where(eq(eventFormats.publicId, publicId)).for('no key update');
    const before = found(row);
    if (before.closedAt && body.closed !== false) throw badRequest(catalogueMessages.closed);
    checkAges(body.age_min === undefined ? before.ageMin : body.age_min, body.age_max === undefined ? before.ageMax : body.age_max);
    const patch: Partial<FormatRow> = {};
    if (body.name !== undefined) patch.title = body.name;
    if (body.name_en !== undefined) patch.titleEn = body.name_en;
    if (body.description !== undefined) patch.description = body.description;
    if (body.price !== undefined) patch.price = toKopecks(body.price);
    if (body.max_count !== undefined) patch.maxCount = body.max_count;
    if (body.buy_limit !== undefined) patch.buyLimit = body.buy_limit;
    if (body.hidden !== undefined) patch.hidden = body.hidden;
    if (body.age_min !== undefined) patch.ageMin = body.age_min;
    if (body.age_max !== undefined) patch.ageMax = body.age_max;
    if (body.insurance_available !== undefined) patch.insuranceAvailable = body.insurance_available;
    if (body.preregistration !== undefined) patch.preregistration = body.preregistration;
    if (body.shirt_unavailable !== undefined) patch.shirtUnavailable = body.shirt_unavailable;
    if (body.start_time !== undefined) patch.startTime = body.start_time ? new Date(body.start_time) : null;
    if (body.additional_fields !== undefined) patch.additionalFields = body.additional_fields;
    if (body.closed === true) patch.closedAt = now;
    if (body.closed === false) patch.closedAt = null;

    const beforeFields = presentFormat(before, [], 0) as Record<string, unknown>;
    const diff = changed(beforeFields, {
      name: patch.title,
      name_en: patch.titleEn,
      description: patch.description,
      price: patch.price === undefined ? undefined : toRubles(patch.price),
      max_count: patch.maxCount,
      buy_limit: patch.buyLimit,
      hidden: patch.hidden,
      age_min: patch.ageMin,
      age_max: patch.ageMax,
      insurance_available: patch.insuranceAvailable,
      preregistration: patch.preregistration,
      shirt_unavailable: patch.shirtUnavailable,
      start_time: patch.startTime === undefined ? undefined : (patch.startTime?.toISOString() ?? null),
      additional_fields: patch.additionalFields,
      closed: body.closed,
    });

    // Stock: a capacity below what is taken (sold + held by unpaid orders) is refused; closing stops sales
    // by bringing every kind's capacity down to what is taken.
    if (body.tickets_count !== undefined || body.closed === true) {
      const stock = await tx.select().from(formatStock).where(eq(formatStock.formatId, before.id)).for('update');
      for (const entry of stock) {
        const wanted = body.closed === true ? entry.taken : entry.kind === 'athlete' ? body.tickets_count! : entry.capacity;
        if (wanted === entry.capacity) continue;
        const [moved] = await tx
          .update(formatStock)
          .set({ capacity: wanted })
          .where(and(eq(formatStock.formatId, before.id), eq(formatStock.kind, entry.kind), sql`${formatStock.taken} <= ${wanted}`))
          .returning({ capacity: formatStock.capacity });
        if (!moved) throw conflict(catalogueMessages.stockBelowTaken(entry.taken));
        diff.before[`stock_${entry.kind}`] = entry.capacity;
        diff.after[`stock_${entry.kind}`] = wanted;
        diff.any = true;
      }
      if (body.tickets_count !== undefined && !stock.some((entry) => entry.kind === 'athlete'))
        await tx.insert(formatStock).values({ formatId: before.id, kind: 'athlete', capacity: body.tickets_count });
      // Places the raise made go to the format's waiting list first (issue 35), in this transaction.
      if (body.closed !== true) await offerFreedPlaces(tx, [before.id], now, deps.config.waitlistOfferMs);
    }
    if (Object.keys(patch).length) await tx.update(eventFormats).set(patch).where(eq(eventFormats.id, before.id));
    if (diff.any)
      await recordAudit(tx, who, now, {
        action: body.closed === true ? 'format.closed' : 'format.changed',
        targetType: 'format',
        targetPublicId: publicId,
        eventCityId: before.eventCityId,
        before: diff.before,
        after: diff.after,
      });
    return before.eventCityId;
  });
  stockGate(deps.db).invalidate();
  await sendOfferLetters(deps);
  catalogueChanged();
  const formats = await organizerFormats(deps.db, result);
  return formats.values.find((format) => format.public_id === publicId)!;
}

/** DELETE /api/organizer/event_format/{public_id}: only a format nobody bought or holds; otherwise it is closed. */
export async function deleteFormat(deps: ServerDeps, who: OrganizerContext, publicId: string, catalogueChanged: CatalogueChanged) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // The stock row first, then the format: the order a purchase takes them in.
    const [row] = await tx.select().from(eventFormats).where(eq(eventFormats.publicId, publicId));
    const format = found(row);
    const stock = await tx.select().from(formatStock).where(eq(formatStock.formatId, format.id)).for('update');
    await tx.select({ id: eventFormats.id }).from(eventFormats).where(eq(eventFormats.id, format.id)).for('update');
    const [issued] = await tx.select({ n: sql<number>`count(*)::int` }).from(tickets).where(eq(tickets.formatId, format.id));
    const [lines] = await tx
      .execute(sql`select count(*)::int as n from order_items where format_id = ${format.id}`)
      .then((r) => (r as { rows: { n: number }[] }).rows);
    if (stock.some((entry) => entry.taken > 0) || issued!.n > 0 || (lines?.n ?? 0) > 0) throw conflict(catalogueMessages.soldCannotDelete);
    await tx.delete(formatStock).where(eq(formatStock.formatId, format.id));
    await tx.delete(formatInsurances).where(eq(formatInsurances.formatId, format.id));
    await tx.delete(eventFormats).where(eq(eventFormats.id, format.id));
    await recordAudit(tx, who, now, {
      action: 'format.deleted',
      targetType: 'format',
      targetPublicId: publicId,
      eventCityId: format.eventCityId,
      before: presentFormat(format, stock, 0),
    });
  });
  catalogueChanged();
}

/** PATCH /api/organizer/event_city/{public_id}: the date, the venue and the registration window, in order. */
export async function updateEventCity(
  deps: ServerDeps,
  who: OrganizerContext,
  publicId: string,
  body: EventCityPatch,
  catalogueChanged: CatalogueChanged,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(eventCities).where(eq(eventCities.publicId, publicId)).for('update');
    const before = found(row);
    const start = body.start_time ? new Date(body.start_time) : before.startTime;
    const opens =
      body.registration_opens_at === undefined
        ? before.registrationOpensAt
        : body.registration_opens_at
          ? new Date(body.registration_opens_at)
          : null;
    const closes =
      body.registration_closes_at === undefined
        ? before.registrationClosesAt
        : body.registration_closes_at
          ? new Date(body.registration_closes_at)
          : null;
    if ((opens && closes && opens >= closes) || (closes && closes > start) || (opens && opens > start))
      throw badRequest(catalogueMessages.datesOrder);
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    const diff = changed(
      {
        start_time: iso(before.startTime),
        address: before.address,
        registration_opens_at: iso(before.registrationOpensAt),
        registration_closes_at: iso(before.registrationClosesAt),
      },
      { start_time: iso(start), address: body.address, registration_opens_at: iso(opens), registration_closes_at: iso(closes) },
    );
    if (!diff.any) return;
    await tx
      .update(eventCities)
      .set({ startTime: start, address: body.address ?? before.address, registrationOpensAt: opens, registrationClosesAt: closes })
      .where(eq(eventCities.id, before.id));
    await recordAudit(tx, who, now, {
      action: 'event_city.changed',
      targetType: 'event_city',
      targetPublicId: publicId,
      before: diff.before,
      after: diff.after,
    });
  });
  catalogueChanged();
}
