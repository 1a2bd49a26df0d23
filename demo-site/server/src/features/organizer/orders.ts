import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TicketInfo } from '../../db/schema/index';
import { auditLog, eventCities, eventFormats, events, orderItems, orders, tickets, users } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { found } from '../../lib/errors';
import { toRubles } from '../../lib/money';
import { refundsOf } from '../payment/refunds';
import { changed, recordAudit } from './audit';
import type { ParticipantPatch } from './schema';
import type { OrganizerContext } from './scope';

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/**
 * GET /api/organizer/orders?q=: orders holding tickets of the caller's organisations, found by the buyer's
 * e-mail or phone, the order's number, a ticket's number or id, or a participant's surname. Newest first.
 */
export async function searchOrders(
  db: Database,
  organisationIds: number[],
  query: { q?: string | undefined; eventCityId?: number | null; limit?: number | undefined },
) {
  const q = (query.q ?? '').trim();
  const limit = query.limit ?? 50;
  const digits = q.replace(/\D/g, '');
  const organisations = sql.join(
    organisationIds.map((organisationId) => sql`${organisationId}`),
    sql`, `,
  );
  // OFFSET 0 keeps the check a per-order subplan: flattened into a semi-join, PostgreSQL would read every
  // order line of the database to decide for the few orders found.
  const scoped = sql`exists (select 1 from order_items oi join event_formats f on f.id = oi.format_id join event_cities ec on ec.id = f.event_city_id
    join events e on e.id = ec.event_id where oi.order_id = o.id and e.organisation_id in (${organisations})
    ${query.eventCityId ? sql`and ec.id = ${query.eventCityId}` : sql``} offset 0)`;
  // Every way of finding an order is an index range (migration 0014); their union is then scoped.
  const candidates: ReturnType<typeof sql>[] = [];
  if (q) {
    candidates.push(sql`select id from orders where public_id = ${q}`);
    if (q.includes('@')) {
      const email = q.toLowerCase();
      candidates.push(
        sql`select id from orders where email = ${email}`,
        sql`select o2.id from orders o2 join users u on u.id = o2.user_id where u.email = ${email}`,
      );
    }
    if (digits.length >= 10) {
      const phone = digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
      candidates.push(
        sql`select o2.id from orders o2 join users u on u.id = o2.user_id where u.phone = ${phone}`,
        sql`select order_id as id from tickets where regexp_replace(info->>'phone', '\\D', '', 'g') in (${phone}, ${phone.replace(/^7/, '8')})`,
      );
    }
    if (/^\d{1,9}$/.test(q)) candidates.push(sql`select order_id as id from tickets where number = ${Number(q)}`);
    if (/^[\w-]{6,64}$/.test(q)) candidates.push(sql`select order_id as id from tickets where public_id = ${q}`);
    if (!q.includes('@') && /\p{L}/u.test(q))
      candidates.push(sql`select order_id as id from tickets where last_name_key like ${`${q.toLowerCase().replace(/[%_\\]/g, '')}%`}`);
  } else if (query.eventCityId) {
    // No query, one event city: its newest orders, found from its tickets.
    candidates.push(sql`select t.order_id as id from tickets t join event_formats f on f.id = t.format_id where f.event_city_id = ${query.eventCityId}
      order by t.order_id desc limit ${limit * 4}`);
  }
  // The orders found first (materialised), newest first, each then read and scoped one by one until the page is full.
  // (`union all`: the distinct below drops what two ways found; a common surname finds 100,000 tickets, and
  // de-duplicating them twice was a hash of them all more.)
  const found = candidates.length
    ? sql`with c as materialized (${sql.join(candidates, sql` union all `)})
      select o.* from (select distinct id from c order by id desc) c2 cross join lateral (select * from orders o where o.id = c2.id) o
      where ${scoped} order by c2.id desc limit ${limit}`
    : sql`select o.* from orders o where ${scoped} order by o.id desc limit ${limit}`;
  const rows = rowsOf<{
    public_id: string;
    email: string;
    status: string;
    amount: number;
    created_at: string | Date;
    paid_at: string | Date | null;
    tickets: number;
    participants: string | null;
  }>(
    await db.execute(sql`select o.public_id, o.email, o.status, o.amount, o.created_at, o.paid_at,
      (select count(*)::int from tickets t where t.order_id = o.id) as tickets,
      (select string_agg(nullif(trim(coalesce(t.info->>'last_name', u.last_name, '') || ' ' || coalesce(t.info->>'first_name', u.name, '')), ''), ', ')
        from tickets t left join users u on u.id = t.user_id where t.order_id = o.id) as participants
      from (${found}) o order by o.id desc`),
  );
  return {
    values: rows.map((row) => ({
      public_id: row.public_id,
      email: row.email,
      status: row.status,
      amount: toRubles(row.amount),
      created_at: new Date(row.created_at).toISOString(),
      paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      tickets: row.tickets,
      participants: row.participants?.trim() || null,
    })),
  };
}

/** GET /api/organizer/orders/{public_id}: lines, payment, refunds, participants and history. */
export async function orderDetail(db: Database, organisationIds: number[], publicId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId));
  const row = found(order);
  const [buyer] = row.userId
    ? await db
        .select({ email: users.email, phone: users.phone, name: users.name, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, row.userId))
    : [];
  const lines = await db
    .select({
      item: orderItems,
      format: eventFormats.title,
      formatPublicId: eventFormats.publicId,
      organisationId: events.organisationId,
      event: events.title,
    })
    .from(orderItems)
    .leftJoin(eventFormats, eq(eventFormats.id, orderItems.formatId))
    .leftJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .leftJoin(events, eq(events.id, eventCities.eventId))
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.id));
  // Another organisation's tickets in the same basket are theirs: not shown here.
  const visible = lines.filter(
    (line) => line.item.kind !== 'ticket' || (line.organisationId !== null && organisationIds.includes(line.organisationId)),
  );
  const ticketRows = await db
    .select({ ticket: tickets, formatPublicId: eventFormats.publicId, organisationId: events.organisationId })
    .from(tickets)
    .innerJoin(eventFormats, eq(eventFormats.id, tickets.formatId))
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(and(eq(tickets.orderId, row.id), inArray(events.organisationId, organisationIds)))
    .orderBy(asc(tickets.number));
  const history = await db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        inArray(auditLog.organisationId, organisationIds),
        inArray(auditLog.targetPublicId, [row.publicId, ...ticketRows.map((entry) => entry.ticket.publicId)]),
      ),
    )
    .orderBy(desc(auditLog.id));
  const refunds = await refundsOf(db, row.id);
  // A line's latest refund: pending or done; or failed — refused by the provider, and asked again by «Вернуть».
  const refundOfLine = (itemId: number) => {
    const refund = refunds.filter((entry) => entry.orderItemId === itemId).at(-1);
    return refund
      ? { public_id: refund.publicId, status: refund.status, amount: toRubles(refund.amount), failure_reason: refund.failureReason }
      : null;
  };
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    public_id: row.publicId,
    status: row.status,
    email: row.email,
    buyer: buyer
      ? {
          email: buyer.email,
          phone: buyer.phone ? `+${buyer.phone}` : null,
          name: [buyer.lastName, buyer.name].filter(Boolean).join(' ') || null,
        }
      : null,
    amount: toRubles(row.amount),
    delivery_cost: toRubles(row.deliveryCost),
    refunded_amount: toRubles(row.refundedAmount),
    payment: { id: row.paymentId, created_at: row.createdAt.toISOString(), paid_at: iso(row.paidAt), closed_at: iso(row.closedAt) },
    refunds: refunds
      .filter((refund) => refund.orderItemId === null || visible.some((line) => line.item.id === refund.orderItemId))
      .map((refund) => ({
        public_id: refund.publicId,
        line_public_id: visible.find((line) => line.item.id === refund.orderItemId)?.item.publicId ?? null,
        amount: toRubles(refund.amount),
        status: refund.status,
        provider_refund_id: refund.providerRefundId,
        created_at: refund.createdAt.toISOString(),
        settled_at: iso(refund.settledAt),
        failure_reason: refund.failureReason,
      })),
    lines: visible.map((line) => ({
      public_id: line.item.publicId,
      refund: refundOfLine(line.item.id),
      kind: line.item.kind,
      title:
        line.item.kind === 'ticket' ? `${line.event ?? ''} — ${line.format ?? ''}` : String(line.item.payload?.title ?? line.item.kind),
      format_public_id: line.formatPublicId,
      count: line.item.count,
      unit_price: toRubles(line.item.unitPrice),
      discount: toRubles(line.item.discount),
      insurance_cost: toRubles(line.item.insuranceCost),
      total: toRubles(line.item.total),
    })),
    tickets: ticketRows.map(({ ticket, formatPublicId }) => ({
      public_id: ticket.publicId,
      number: ticket.number,
      status: ticket.status,
      format_public_id: formatPublicId,
      participant: participantOf(ticket.info),
    })),
    history: [
      ...history.map((entry) => ({
        at: entry.createdAt.toISOString(),
        action: entry.action,
        who: entry.email,
        before: entry.before,
        after: entry.after,
      })),
      ...(row.paidAt ? [{ at: row.paidAt.toISOString(), action: 'order.paid', who: null, before: null, after: null }] : []),
      { at: row.createdAt.toISOString(), action: 'order.created', who: null, before: null, after: null },
    ],
  };
}

const participantFields = ['last_name', 'first_name', 'second_name', 'birth_date', 'gender', 'phone', 'email'] as const;

export function participantOf(info: TicketInfo) {
  return Object.fromEntries(participantFields.map((field) => [field, (info[field] as string | null | undefined) ?? null])) as Record<
    (typeof participantFields)[number],
    string | null
  >;
}

/** PATCH /api/organizer/ticket/{public_id}: the organiser corrects a participant's data; the change is recorded. */
export async function correctParticipant(deps: ServerDeps, who: OrganizerContext, publicId: string, body: ParticipantPatch) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(tickets).where(eq(tickets.publicId, publicId)).for('update');
    const ticket = found(row);
    const diff = changed(participantOf(ticket.info) as Record<string, unknown>, body);
    if (diff.any) {
      await tx
        .update(tickets)
        .set({ info: { ...ticket.info, ...body } })
        .where(eq(tickets.id, ticket.id));
      const [order] = await tx.select({ publicId: orders.publicId }).from(orders).where(eq(orders.id, ticket.orderId));
      await recordAudit(tx, who, now, {
        action: 'participant.corrected',
        targetType: 'ticket',
        targetPublicId: publicId,
        before: diff.before,
        after: { ...diff.after, order: order?.publicId },
      });
    }
    return { public_id: publicId, participant: participantOf({ ...ticket.info, ...body }) };
  });
}
