import { and, asc, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  cities,
  eventCities,
  eventFormats,
  events,
  eventTypes,
  orders,
  productProportions,
  products,
  resultRows,
  type TicketInfo,
  teams,
  tickets,
  uploads,
  users,
} from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { normalizeDuration } from '../../lib/duration';
import { badRequest, notFound } from '../../lib/errors';
import { type ContentLanguage, inLanguage, placeNames } from '../../lib/language';
import { ticketQrCode } from '../checkin/service';
import { checkRegisterAnswers } from '../obrnadzor/service';
import { englishTeamNames, presentResultRow } from '../results/service';
import { lastKnownLanguage } from '../users/service';
import { transferLetter } from './letters';
import {
  ParticipantFormError,
  type ParticipantInput,
  type ParticipantRules,
  participantMessages,
  validateParticipant,
} from './participant';
import {
  eventStart,
  presentParticipant,
  presentTicket,
  relationTo,
  sectionsOf,
  startNumber,
  type TicketSection,
  type TicketView,
  type Viewer,
  viewInLanguage,
} from './present';

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'config'>;

export const ticketMessages = {
  notFound: 'Билет не найден',
  notHolder: 'Это действие доступно только владельцу билета',
  receivedTransfer: 'Полученный от другого участника билет нельзя передать повторно',
  selfTransfer: 'Нельзя передать билет самому себе',
  alreadyPending: 'Билет уже ожидает подтверждения получателем',
  pendingOutgoing: 'Билет передаётся другому участнику: дождитесь ответа или верните билет',
  pendingIncoming: 'Сначала подтвердите получение билета',
  noPendingTransfer: 'Передача этого билета не ожидает подтверждения',
  notTransferred: 'Этот билет не передавался',
  recipientRegistered: 'Получатель уже зарегистрировал билет, вернуть его нельзя',
  processing: 'Билет ожидает возврата',
  returned: 'Билет возвращён',
  past: 'Мероприятие уже прошло',
  used: 'Билет уже использован',
  notRegistered: 'Билет не зарегистрирован',
  registerFirst: 'Сначала зарегистрируйте билет',
  notStarted: 'Результат можно отправить после старта мероприятия',
  notVirtual: 'Онлайн-результат принимается только для виртуальных забегов',
  badTime: 'Введите корректное время',
  noResult: 'Результат ещё не опубликован',
  notFinisher: 'Сертификат выдаётся только финишёрам',
} as const;

/** Fields of `tickets.info` that belong to the ticket, not to the participant: kept when the holder changes. */
const TICKET_FIELDS = ['insurance', 'offline_registered', 'checked_in_at', 'sector', 'row', 'place', 'number', 'inside_number'] as const;

const ticketFieldsOf = (info: TicketInfo): TicketInfo =>
  Object.fromEntries(TICKET_FIELDS.filter((field) => info[field] !== undefined).map((field) => [field, info[field]]));

const holderUser = alias(users, 'holder_user');
const originalUser = alias(users, 'original_user');

function selectTickets(db: Database, where: SQL | undefined): Promise<TicketView[]> {
  return db
    .select({
      ticket: tickets,
      format: eventFormats,
      eventCity: eventCities,
      city: cities,
      event: events,
      eventType: eventTypes,
      team: teams,
      holder: { publicId: holderUser.publicId, email: holderUser.email },
      original: { publicId: originalUser.publicId },
      order: { publicId: orders.publicId, userId: orders.userId },
    })
    .from(tickets)
    .innerJoin(eventFormats, eq(eventFormats.id, tickets.formatId))
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .leftJoin(teams, eq(teams.id, tickets.teamId))
    .leftJoin(holderUser, eq(holderUser.id, tickets.userId))
    .leftJoin(originalUser, eq(originalUser.id, tickets.originalUserId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(where)
    .orderBy(asc(tickets.id));
}

/** Every ticket the viewer holds, bought, or is being handed. */
function ticketsOf(db: Database, viewer: Viewer) {
  const incoming = viewer.email ? and(eq(tickets.transferStatus, 'pending'), eq(tickets.transferEmail, viewer.email)) : undefined;
  return selectTickets(db, or(eq(tickets.userId, viewer.id), eq(tickets.originalUserId, viewer.id), incoming));
}

/** GET /api/user/tickets/{my|transfered|old}. */
export async function listTickets(deps: Deps, viewer: Viewer, section: TicketSection, language: ContentLanguage = 'ru') {
  const now = deps.clock.now();
  const views = (await ticketsOf(deps.db, viewer)).filter((view) => sectionsOf(view, viewer, now).includes(section));
  const byStart = (a: TicketView, b: TicketView) => eventStart(a).getTime() - eventStart(b).getTime() || a.ticket.number - b.ticket.number;
  if (section === 'my') views.sort(byStart);
  else if (section === 'old') views.sort((a, b) => byStart(b, a));
  else views.sort((a, b) => (b.ticket.transferredAt?.getTime() ?? 0) - (a.ticket.transferredAt?.getTime() ?? 0));
  return Promise.all(views.map(async (view) => withQrCode(deps, view, viewer, presentTicket(view, viewer, now, language))));
}

/** A ticket answer with its signed code (issue 24): the holder's QR, null for anyone else. */
async function withQrCode<T extends object>(
  deps: Deps,
  view: TicketView,
  viewer: Viewer,
  answer: T,
): Promise<T & { qr_code: string | null }> {
  return { ...answer, qr_code: await ticketQrCode(deps, view, relationTo(view.ticket, viewer).holder) };
}

/** A ticket the viewer may see (holds, bought, or is being handed); 404 for anyone else's. */
async function visibleTicket(db: Database, viewer: Viewer, publicId: string): Promise<TicketView> {
  const [view] = await selectTickets(db, eq(tickets.publicId, publicId));
  if (!view) throw notFound(ticketMessages.notFound);
  const relation = relationTo(view.ticket, viewer);
  if (!relation.holder && !relation.owner && !relation.incoming) throw notFound(ticketMessages.notFound);
  return view;
}

/** GET /api/user/ticket/{id}: one card; the holder also gets the participant data for the form. */
export async function getTicket(deps: Deps, viewer: Viewer, publicId: string, language: ContentLanguage = 'ru') {
  const view = await visibleTicket(deps.db, viewer, publicId);
  const now = deps.clock.now();
  const holder = relationTo(view.ticket, viewer).holder;
  return withQrCode(deps, view, viewer, {
    ...presentTicket(view, viewer, now, language),
    participant: holder ? presentParticipant(view) : null,
  });
}

/**
 * Runs a ticket action in one transaction with the ticket's row locked, so two actions on one ticket
 * (a confirmation and a return) never interleave. `change` checks the state and returns the update.
 */
async function changeTicket(
  deps: Deps,
  viewer: Viewer,
  publicId: string,
  change: (
    view: TicketView,
    now: Date,
    tx: Database,
  ) => Promise<Partial<typeof tickets.$inferInsert>> | Partial<typeof tickets.$inferInsert>,
): Promise<TicketView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.publicId, publicId)).for('update');
    const view = await visibleTicket(tx, viewer, publicId);
    const update = await change(view, now, tx);
    await tx.update(tickets).set(update).where(eq(tickets.id, view.ticket.id));
    return (await selectTickets(tx, eq(tickets.id, view.ticket.id)))[0]!;
  });
}

/** The checks every holder's action shares: the holder, an active ticket, an event still ahead, unused. */
function assertHolderMayAct(view: TicketView, viewer: Viewer, now: Date): void {
  const relation = relationTo(view.ticket, viewer);
  if (relation.incoming) throw badRequest(ticketMessages.pendingIncoming);
  if (!relation.holder) throw badRequest(ticketMessages.notHolder);
  assertActive(view, now);
  if (view.ticket.info.offline_registered) throw badRequest(ticketMessages.used);
}

function assertActive(view: TicketView, now: Date): void {
  if (view.ticket.status === 'processing') throw badRequest(ticketMessages.processing);
  if (view.ticket.status !== 'active') throw badRequest(ticketMessages.returned);
  if (eventStart(view) < now) throw badRequest(ticketMessages.past);
}

/**
 * PUT /api/user/ticket/transfer: the holder who bought the ticket names the recipient's e-mail; the
 * ticket stays theirs until the recipient confirms. The recipient gets a letter, in the language they
 * last ordered in, else the sender's (`language`, the request's).
 */
export async function transferTicket(deps: Deps, viewer: Viewer, publicId: string, email: string, language: ContentLanguage = 'ru') {
  const view = await changeTicket(deps, viewer, publicId, (view, now) => {
    assertHolderMayAct(view, viewer, now);
    if (view.ticket.originalUserId !== null && view.ticket.originalUserId !== viewer.id) throw badRequest(ticketMessages.receivedTransfer);
    if (view.ticket.transferStatus === 'pending') throw badRequest(ticketMessages.alreadyPending);
    if (email === viewer.email) throw badRequest(ticketMessages.selfTransfer);
    return { transferEmail: email, transferStatus: 'pending', transferredAt: now };
  });
  const letterLanguage = (await lastKnownLanguage(deps.db, email)) ?? language;
  await deps.email.send({
    to: email,
    ...transferLetter(letterLanguage, {
      number: view.ticket.number,
      event: inLanguage(view.event, letterLanguage).title,
      city: letterLanguage === 'en' ? (view.city.nameEn ?? view.city.nameRu) : view.city.nameRu,
      format: inLanguage(view.format, letterLanguage).title,
      link: `${deps.config.publicUrl}/me`,
    }),
    meta: { kind: 'ticket-transfer', ticket: view.ticket.publicId, link: `${deps.config.publicUrl}/me` },
  });
  return presentTicket(view, viewer, deps.clock.now());
}

/**
 * PUT /api/user/ticket/confirm/transfer: the recipient (signed in with the addressed e-mail) accepts —
 * the ticket becomes theirs, unregistered, with the previous participant's data removed — or declines,
 * and it stays with the giver.
 */
export async function confirmTransfer(deps: Deps, viewer: Viewer, publicId: string, accept: boolean) {
  const view = await changeTicket(deps, viewer, publicId, (view, now) => {
    if (!relationTo(view.ticket, viewer).incoming) throw badRequest(ticketMessages.noPendingTransfer);
    assertActive(view, now);
    if (view.ticket.info.offline_registered) throw badRequest(ticketMessages.used);
    if (!accept) return { transferStatus: null, transferEmail: null, transferredAt: null };
    return {
      userId: viewer.id,
      transferStatus: 'accepted',
      transferredAt: now,
      info: { ...ticketFieldsOf(view.ticket.info), registered: false },
    };
  });
  const now = deps.clock.now();
  return accept
    ? { public_id: view.ticket.publicId, status: 'accepted' as const, ticket: presentTicket(view, viewer, now) }
    : { public_id: view.ticket.publicId, status: 'declined' as const, ticket: null };
}

/**
 * PUT /api/user/ticket/return: the original owner takes back a ticket they passed on, while the
 * recipient has not registered it (a transfer still waiting is simply withdrawn).
 */
export async function returnTicket(deps: Deps, viewer: Viewer, publicId: string) {
  const view = await changeTicket(deps, viewer, publicId, (view, now) => {
    const relation = relationTo(view.ticket, viewer);
    if (!relation.owner || (relation.holder && !relation.outgoing)) throw badRequest(ticketMessages.notTransferred);
    assertActive(view, now);
    if (view.ticket.info.offline_registered) throw badRequest(ticketMessages.used);
    if (relation.outgoing) return { transferStatus: null, transferEmail: null, transferredAt: null };
    if (view.ticket.info.registered) throw badRequest(ticketMessages.recipientRegistered);
    return {
      userId: viewer.id,
      transferStatus: null,
      transferEmail: null,
      transferredAt: null,
      info: { ...ticketFieldsOf(view.ticket.info), registered: false },
    };
  });
  return presentTicket(view, viewer, deps.clock.now());
}

/** What the ticket's format asks of its participant, with the shirt sizes still in stock. */
async function participantRules(db: Database, view: TicketView): Promise<ParticipantRules> {
  const { format } = view;
  const sizes = format.shirtUnavailable
    ? []
    : await db
        .selectDistinct({ name: productProportions.name })
        .from(productProportions)
        .innerJoin(products, eq(products.id, productProportions.productId))
        .where(and(eq(products.kind, 'shirt'), eq(products.eventId, view.event.id), gt(productProportions.stock, 0)));
  return {
    eventStart: eventStart(view),
    ageMin: format.ageMin,
    ageMax: format.ageMax,
    regions: format.regions,
    sizes: sizes.map((size) => size.name),
    select: format.select,
    clusters: format.clusters,
    licenseFile: format.licenseFile,
    additionalFields: format.additionalFields,
  };
}

/**
 * PUT /api/user/ticket: registers the participant (ticketing-shop §5 rules, checked against the event
 * start); a registered ticket may be registered again to correct the data. Files must be the user's
 * own uploads (POST /api/user/file).
 */
export async function registerTicket(deps: Deps, viewer: Viewer, publicId: string, input: ParticipantInput) {
  const view = await changeTicket(deps, viewer, publicId, async (view, now, tx) => {
    assertHolderMayAct(view, viewer, now);
    if (view.ticket.transferStatus === 'pending') throw badRequest(ticketMessages.pendingOutgoing);
    const participant = validateParticipant(input, await participantRules(tx, view), now);
    if (participant.uploads.length > 0) {
      const owned = await tx
        .select({ publicId: uploads.publicId })
        .from(uploads)
        .where(
          and(
            eq(uploads.userId, viewer.id),
            inArray(
              uploads.publicId,
              participant.uploads.map((upload) => upload.publicId),
            ),
          ),
        );
      const missing = participant.uploads.find((upload) => !owned.some((row) => row.publicId === upload.publicId));
      if (missing) throw new ParticipantFormError(missing.field, participantMessages.file);
    }
    await checkRegisterAnswers(tx, participant.registerAnswers);
    return { info: { ...ticketFieldsOf(view.ticket.info), ...participant.info, registered: true, registered_at: now.toISOString() } };
  });
  return presentTicket(view, viewer, deps.clock.now());
}

/** PUT /api/user/ticket/disable: cancels the registration; the data stay to fill the form again. */
export async function cancelRegistration(deps: Deps, viewer: Viewer, publicId: string) {
  const view = await changeTicket(deps, viewer, publicId, (view, now) => {
    assertHolderMayAct(view, viewer, now);
    if (!view.ticket.info.registered) throw badRequest(ticketMessages.notRegistered);
    return { info: { ...view.ticket.info, registered: false } };
  });
  return presentTicket(view, viewer, deps.clock.now());
}

const presentOnline = (view: TicketView) => {
  const online = view.ticket.onlineResult as { result?: string; submitted_at?: string } | null;
  return { public_id: view.ticket.publicId, result: online?.result ?? null, submitted_at: online?.submitted_at ?? null };
};

/** The holder's ticket, for the reads only the holder makes (online result, finisher result). */
async function heldTicket(db: Database, viewer: Viewer, publicId: string): Promise<TicketView> {
  const view = await visibleTicket(db, viewer, publicId);
  if (!relationTo(view.ticket, viewer).holder) throw notFound(ticketMessages.notFound);
  return view;
}

/**
 * PUT /api/user/ticket/online: the time of an online (virtual) participation, `HH:MM:SS` or `MM:SS`,
 * sent by the registered holder once the event has started; sending again replaces it. Only a virtual
 * format (`event_formats.online`) takes one: the other formats' times come from the timing results.
 */
export async function submitOnlineResult(deps: Deps, viewer: Viewer, publicId: string, result: string) {
  const time = normalizeDuration(result);
  const view = await changeTicket(deps, viewer, publicId, (view, now) => {
    const relation = relationTo(view.ticket, viewer);
    if (!relation.holder || relation.incoming) throw badRequest(ticketMessages.notHolder);
    if (!view.format.online) throw badRequest(ticketMessages.notVirtual);
    if (view.ticket.status !== 'active')
      throw badRequest(view.ticket.status === 'processing' ? ticketMessages.processing : ticketMessages.returned);
    if (!view.ticket.info.registered) throw badRequest(ticketMessages.registerFirst);
    if (eventStart(view) > now) throw badRequest(ticketMessages.notStarted);
    if (!time) throw badRequest(ticketMessages.badTime);
    return { onlineResult: { result: time, submitted_at: now.toISOString() } };
  });
  return presentOnline(view);
}

/** GET /api/user/ticket/online/{id}. */
export async function getOnlineResult(deps: Deps, viewer: Viewer, publicId: string) {
  return presentOnline(await heldTicket(deps.db, viewer, publicId));
}

/** The finisher line of the holder's ticket: its format's results row with the ticket's start number. */
export async function ticketResult(deps: Deps, viewer: Viewer, publicId: string) {
  const view = await heldTicket(deps.db, viewer, publicId);
  const [row] = await deps.db
    .select()
    .from(resultRows)
    .where(and(eq(resultRows.formatId, view.format.id), eq(resultRows.startNumber, startNumber(view.ticket))));
  if (!row) throw notFound(ticketMessages.noResult);
  return { view, row };
}

/** GET /api/user/result/{id}. */
export async function getTicketResult(deps: Deps, viewer: Viewer, publicId: string, language: ContentLanguage = 'ru') {
  const found = await ticketResult(deps, viewer, publicId);
  const { row } = found;
  const view = viewInLanguage(found.view, language);
  // The finisher's city is most often the event's: named in English from it when asked.
  const cityNames = new Map([[view.city.nameRu, view.city.nameEn]]);
  const teamNames = language === 'en' && row.teamName ? await englishTeamNames(deps.db) : null;
  return {
    ...presentResultRow(row, language, cityNames, teamNames),
    ticket: { public_id: view.ticket.publicId, ticketNumber: view.ticket.number },
    event: { public_id: view.event.publicId, title: view.event.title },
    event_city: { public_id: view.eventCity.publicId, start_time: eventStart(view).toISOString(), timezone: view.eventCity.timezone },
    event_format: { public_id: view.format.publicId, title: view.format.title },
    city: { id: view.city.id, ...placeNames(view.city, language) },
  };
}
