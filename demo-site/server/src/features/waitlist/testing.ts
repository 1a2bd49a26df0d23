import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { eventFormats, formatStock, orders, waitlistEntries } from '../../db/schema/index';
import { readOutbox } from '../../messaging/senders';
import type { Body, TestApp } from '../../testing/fixtures';
import { stockGate } from '../payment/stock-gate';

/** The waiting-list tests' moves over the HTTP app (PGlite and PostgreSQL alike). */
export function waitlistHarness(api: TestApp) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string, app = api) => {
    const response = await app.request({ method, url, ...(payload ? { payload } : {}), ...(token ? { token } : {}) });
    return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
  };
  const formatRow = async (publicId: string) =>
    (await api.deps.db.select().from(eventFormats).where(eq(eventFormats.publicId, publicId)))[0]!;
  const stock = async (publicId: string) => {
    const format = await formatRow(publicId);
    const [row] = await api.deps.db
      .select()
      .from(formatStock)
      .where(and(eq(formatStock.formatId, format.id), eq(formatStock.kind, 'athlete')));
    return row!;
  };
  return {
    call,
    stock,
    /** Leaves exactly `left` places of the format on sale. */
    async setLeft(publicId: string, left: number) {
      const format = await formatRow(publicId);
      await api.deps.db
        .update(formatStock)
        .set({ capacity: sql`${formatStock.taken} + ${left}` })
        .where(and(eq(formatStock.formatId, format.id), eq(formatStock.kind, 'athlete')));
      // The checkout's in-process memory of the stock (stock-gate.ts) learns of a change made behind its back.
      stockGate(api.deps.db).invalidate();
    },
    /** A paid order of `count` tickets (a signed-in buyer's when `token`), by the sandbox. */
    async buyPaid(publicId: string, email: string, token?: string, count = 1, app = api) {
      const created = await call(
        'POST',
        '/api/payment',
        { email, tickets: [{ format_public_id: publicId, ticket_count: count }] },
        token,
        app,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.body.order_id));
      await app.request({
        method: 'POST',
        url: `/sandbox/pay/${order!.paymentId}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      return created.body.order_id as string;
    },
    join: (publicId: string, email: string, token?: string, app = api) =>
      call('POST', '/api/waitlist', { format_public_id: publicId, ...(token ? {} : { email }) }, token, app),
    /** The newest waiting-list letter of an address: its link's code. */
    async offerCode(email: string): Promise<string | null> {
      const letters = await readOutbox(api.deps.db, { to: email, limit: 10 });
      const link = letters.find((letter) => letter.meta.kind === 'waitlist_offer')?.meta.link;
      return link ? link.split('/').pop()! : null;
    },
    async entries(publicId: string) {
      const format = await formatRow(publicId);
      return api.deps.db
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.formatId, format.id), inArray(waitlistEntries.status, ['waiting', 'offered'])))
        .orderBy(waitlistEntries.id);
    },
    /** Sold (paid and pending orders' tickets) and offered places: together they are what is taken. */
    async accounted(publicId: string) {
      const format = await formatRow(publicId);
      const [sold] = await api.deps.db
        .execute<{ n: number }>(
          sql`select coalesce(sum(i.count), 0)::int as n from order_items i join orders o on o.id = i.order_id
            where i.format_id = ${format.id} and i.kind = 'ticket' and o.status in ('pending', 'paid')`,
        )
        .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
      const [offered] = await api.deps.db
        .execute(sql`select count(*)::int as n from waitlist_entries where format_id = ${format.id} and status = 'offered'`)
        .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
      return { sold: Number(sold!.n), offered: Number(offered!.n) };
    },
  };
}
