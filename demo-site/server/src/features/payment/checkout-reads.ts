import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  executeShaped,
  jsonPick,
  jsonRows,
  pickFromJson,
  readShapedTogether,
  rowFromJson,
  rowsFromJson,
  rowsOf,
  slot,
} from '../../db/json-rows';
import {
  certificates,
  eventCities,
  eventFormats,
  events,
  formatStock,
  insurances,
  orderItems,
  orders,
  productProportions,
  products,
  promocodes,
  sales,
  teams,
  users,
} from '../../db/schema/index';
import type { PaymentBody } from './schema';

const unique = <T>(values: (T | null | undefined)[]): T[] => [...new Set(values.filter((value): value is T => value != null))];

/** `column in (…)` over the `count` slots `prefix0`, `prefix1`, …; false for none. */
const within = (column: Parameters<typeof inArray>[0], prefix: string, count: number): SQL =>
  count
    ? (inArray(
        column,
        Array.from({ length: count }, (_, n) => slot(`${prefix}${n}`)),
      ) as SQL)
    : sql`false`;

/**
 * The columns of a format, its event city and event the checkout reads (its rules, pricing, the
 * receipt's titles): not their descriptions, English texts, notes, banners — most of those rows'
 * bytes, which the database wrote, pg parsed and the mappings walked on every purchase for nothing.
 */
const FORMAT_FIELDS = [
  'id',
  'publicId',
  'title',
  'price',
  'maxCount',
  'isTeam',
  'fixedCount',
  'teamAll',
  'buyLimit',
  'insuranceAvailable',
  'startTime',
  'space',
  'ageMin',
  'ageMax',
  'regions',
  'select',
  'clusters',
  'licenseFile',
  'additionalFields',
] as const;
const EVENT_CITY_FIELDS = ['startTime', 'registrationOpensAt', 'registrationClosesAt'] as const;
const EVENT_FIELDS = ['title'] as const;

/** A format the basket names, with where it runs and its stock rows. */
export interface FormatRead {
  format: Pick<typeof eventFormats.$inferSelect, (typeof FORMAT_FIELDS)[number]>;
  eventCity: Pick<typeof eventCities.$inferSelect, (typeof EVENT_CITY_FIELDS)[number]>;
  event: Pick<typeof events.$inferSelect, (typeof EVENT_FIELDS)[number]>;
  stock: (typeof formatStock.$inferSelect)[];
  /** The shirt sizes in stock for the event (participant forms ask for one), [] when the format offers no shirt. */
  sizes: string[];
}

/** Everything a checkout reads before its transaction, read in one statement (`readCheckout`). */
export interface CheckoutReads {
  /** Tickets and goods the open holds take: the signed-in account's own (else the e-mail's anonymous ones), and the address's. */
  held: { byEmail: number; byAddress: number };
  /** The account of the buyer's e-mail, read for a buyer without a session (features/accounts). */
  holder: typeof users.$inferSelect | null;
  formats: FormatRead[];
  teams: { team: typeof teams.$inferSelect; formatPublicId: string }[];
  /** Tickets a signed-in buyer (account and its proven e-mail) holds in open or paid orders, per format id of the ticket lines; none for a guest. */
  bought: Map<number, number>;
  products: (typeof products.$inferSelect)[];
  proportions: (typeof productProportions.$inferSelect)[];
  insurances: (typeof insurances.$inferSelect)[];
  certificates: (typeof certificates.$inferSelect)[];
  promocodes: (typeof promocodes.$inferSelect)[];
  sales: (typeof sales.$inferSelect)[];
}

export interface CheckoutBuyer {
  email: string;
  ip: string | undefined;
  now: Date;
  /** The signed-in buyer's account; null for a guest (whose e-mail's account is then read). */
  userId: number | null;
}

/**
 * The checkout's reads in one statement (one round trip instead of nine): the hold caps' sums, the
 * e-mail's account, the formats with their stock and sizes, the teams, what the buyer already bought
 * (buy_limit), and the catalogue rows the basket names (products, sizes, insurances, certificates,
 * promocodes, active sales). Each part is a subquery answering JSON, read back with the columns' own
 * mappings. Without a buyer (`checkAvailability`) the buyer's parts are left out.
 */
export async function readCheckout(db: Database, body: PaymentBody, buyer: CheckoutBuyer | null): Promise<CheckoutReads> {
  const lists = {
    /** The ticket lines' formats (buy_limit's `bought`). */
    b: unique(body.tickets.map((line) => line.format_public_id)),
    t: unique(body.tickets.map((line) => line.team_public_id)),
    f: unique([...body.tickets, ...body.insurances].map((line) => line.format_public_id)),
    p: unique(body.shop.map((line) => line.product.public_id)),
    i: unique(body.insurances.map((line) => line.public_id)),
    c: unique(body.certificates.map((line) => line.public_id)),
    k: unique([...body.tickets, ...body.shop, ...body.insurances].map((line) => line.promocode?.trim().toUpperCase() || null)),
  };
  // The statement's text depends on the lists' lengths and on who buys (checkout-reads' shape), its values on the rest.
  const values: Record<string, unknown> = {};
  for (const [prefix, list] of Object.entries(lists)) {
    for (const [n, value] of list.entries()) values[`${prefix}${n}`] = value;
  }
  const counts: CheckoutShape = {
    ticketFormats: lists.b.length,
    teams: lists.t.length,
    formats: lists.f.length,
    products: lists.p.length,
    insurances: lists.i.length,
    certificates: lists.c.length,
    codes: lists.k.length,
    buyer: buyer ? (buyer.userId === null ? 'guest' : 'user') : null,
    byAddress: Boolean(buyer?.ip),
  };
  if (buyer) {
    Object.assign(values, {
      email: buyer.email,
      emailLower: buyer.email.toLowerCase(),
      ip: buyer.ip ?? null,
      now: buyer.now,
      userId: buyer.userId,
    });
  }
  const shape = `checkout ${Object.values(counts).join(' ')}`;
  // A buyer's read goes with the other buyers' reads of its shape that arrive meanwhile (one statement).
  const row = (
    buyer
      ? await readShapedTogether(db, shape, () => checkoutStatement(counts), values)
      : rowsOf<Record<string, unknown>>(await executeShaped(db, shape, () => checkoutStatement(counts), values))[0]!
  ).checkout as Record<string, unknown>;
  const held = row.held as { by_email: number | string; by_address: number | string } | null;
  return {
    held: { byEmail: Number(held?.by_email ?? 0), byAddress: Number(held?.by_address ?? 0) },
    holder: row.holder ? rowFromJson(users, row.holder as Record<string, unknown>) : null,
    formats: ((row.formats as Record<string, unknown>[]) ?? []).map((part) => ({
      format: pickFromJson(eventFormats, FORMAT_FIELDS, part.format as Record<string, unknown>),
      eventCity: pickFromJson(eventCities, EVENT_CITY_FIELDS, part.event_city as Record<string, unknown>),
      event: pickFromJson(events, EVENT_FIELDS, part.event as Record<string, unknown>),
      stock: rowsFromJson(formatStock, part.stock),
      sizes: (part.sizes as string[]) ?? [],
    })),
    teams: ((row.teams as Record<string, unknown>[]) ?? []).map((part) => ({
      team: rowFromJson(teams, part.team as Record<string, unknown>),
      formatPublicId: part.format_public_id as string,
    })),
    bought: new Map(((row.bought as [number, number | string][]) ?? []).map(([formatId, total]) => [Number(formatId), Number(total)])),
    products: rowsFromJson(products, row.products),
    proportions: rowsFromJson(productProportions, row.proportions),
    insurances: rowsFromJson(insurances, row.insurances),
    certificates: rowsFromJson(certificates, row.certificates),
    promocodes: rowsFromJson(promocodes, row.promocodes),
    sales: rowsFromJson(sales, row.sales),
  };
}

/** What changes the text of the checkout's read: how many of each the basket names, and who buys. */
interface CheckoutShape {
  ticketFormats: number;
  teams: number;
  formats: number;
  products: number;
  insurances: number;
  certificates: number;
  codes: number;
  /** null: no buyer (`checkAvailability`); a guest's e-mail account is read, a signed-in buyer's is known. */
  buyer: 'guest' | 'user' | null;
  /** Whether the address's holds count (a request without one counts the e-mail's only). */
  byAddress: boolean;
}

/** The checkout's read for a shape, with slots for its values (see `readCheckout`). */
function checkoutStatement(shape: CheckoutShape): SQL {
  const teamsWhere = within(teams.publicId, 't', shape.teams);
  // Without teams the formats are found by their ids alone (an index look-up, no OR with an empty subquery).
  const formatWhere = shape.teams
    ? sql`(${within(eventFormats.publicId, 'f', shape.formats)} or ${eventFormats.id} in (select ${teams.formatId} from ${teams} where ${teamsWhere}))`
    : within(eventFormats.publicId, 'f', shape.formats);
  const sizes = sql`(select coalesce(json_agg(distinct ${productProportions.name}), '[]'::json)
    from ${productProportions} inner join ${products} on ${products.id} = ${productProportions.productId}
    where ${products.kind} = 'shirt' and ${products.eventId} = ${eventCities.eventId} and ${productProportions.stock} > 0)`;
  const formatsPart =
    shape.formats || shape.teams
      ? sql`(select coalesce(json_agg(json_build_object(
          'format', ${jsonPick(eventFormats, FORMAT_FIELDS)}, 'event_city', ${jsonPick(eventCities, EVENT_CITY_FIELDS)},
          'event', ${jsonPick(events, EVENT_FIELDS)},
          'stock', ${jsonRows(formatStock, eq(formatStock.formatId, eventFormats.id))},
          'sizes', case when ${eventFormats.shirtUnavailable} then '[]'::json else ${sizes} end)), '[]'::json)
        from ${eventFormats}
        inner join ${eventCities} on ${eventCities.id} = ${eventFormats.eventCityId}
        inner join ${events} on ${events.id} = ${eventCities.eventId}
        where ${formatWhere})`
      : sql`'[]'::json`;
  const teamsPart = shape.teams
    ? sql`(select coalesce(json_agg(json_build_object('team', to_json(${teams}.*), 'format_public_id', ${eventFormats.publicId})), '[]'::json)
        from ${teams} inner join ${eventFormats} on ${eventFormats.id} = ${teams.formatId} where ${teamsWhere})`
    : sql`'[]'::json`;
  const proportionsPart = shape.products
    ? jsonRows(
        productProportions,
        sql`${productProportions.productId} in (select ${products.id} from ${products} where ${within(products.publicId, 'p', shape.products)})`,
      )
    : sql`'[]'::json`;
  const rowsPart = (part: SQL, count: number) => (count ? part : sql`'[]'::json`);

  let buyerParts = sql`, 'held', null, 'holder', null, 'bought', '[]'::json`;
  if (shape.buyer) {
    // The hold caps' sums and buy_limit's count start from the buyer's own orders, each found by one
    // equality on its index (e-mail, address, account), and reach their lines through the order's id
    // (lateral). This statement's plan is made once per connection and kept: written as one join with
    // `email = … or ip = …`, the plan made on a small table read every pending order (orders_pending_idx)
    // — thousands of them in an on-sale rush — and cost 2 ms a purchase where this costs 0.1.
    const units = sql`case when ${orderItems.kind} in ('ticket', 'shop') then ${orderItems.count} else 0 end`;
    const heldBy = (match: SQL) => sql`(select coalesce(sum(lines.units), 0) from ${orders}
      cross join lateral (select ${units} as units from ${orderItems} where ${orderItems.orderId} = ${orders.id}) as lines
      where ${match} and ${orders.status} = 'pending' and ${orders.expiresAt} > ${slot('now', orders.expiresAt)})`;
    // Issue 33, finding 7: a signed-in buyer's cap counts the holds its own sessions made, never the
    // anonymous baskets anyone can open for its e-mail; a guest's counts the anonymous holds of the e-mail.
    const byEmail =
      shape.buyer === 'user'
        ? sql`${orders.userId} = ${slot('userId')}::integer and ${orders.needsToken}`
        : sql`${orders.email} = ${slot('email')} and not ${orders.needsToken}`;
    const held = sql`json_build_object(
        'by_email', ${heldBy(byEmail)},
        'by_address', ${shape.byAddress ? heldBy(sql`${orders.ip} = ${slot('ip')}`) : sql`0`})`;
    // A guest's orders count to the e-mail's account only when its address is proven (features/accounts).
    const holder =
      shape.buyer === 'guest' ? sql`(select to_json(${users}.*) from ${users} where ${users.email} = ${slot('emailLower')})` : sql`null`;
    // buy_limit's count (issue 33, finding 6): a person's earlier tickets are counted only for the person
    // who proved who they are — the signed-in account's orders and those placed for its own proven
    // e-mail. A guest's count is the basket's alone: counting what an address bought would tell anyone
    // who types it whether its owner bought the format (and an address anyone may type limits no one).
    const ownEmail = sql`(select ${users.email} from ${users} where ${users.id} = ${slot('userId')}::integer and ${users.emailConfirmedAt} is not null)`;
    const bought =
      shape.ticketFormats && shape.buyer === 'user'
        ? sql`(select coalesce(json_agg(json_build_array(format_id, total)), '[]'::json) from (
          select lines.format_id, sum(lines.count) as total
          from (select ${orders.id} from ${orders} where ${orders.email} = ${ownEmail} and ${orders.status} in ('pending', 'paid')
            union select ${orders.id} from ${orders} where ${orders.userId} = ${slot('userId')}::integer and ${orders.status} in ('pending', 'paid')) as mine
          cross join lateral (select ${orderItems.formatId} as format_id, ${orderItems.count} as count from ${orderItems}
            where ${orderItems.orderId} = mine.id
              and ${orderItems.formatId} in (select ${eventFormats.id} from ${eventFormats} where ${within(eventFormats.publicId, 'b', shape.ticketFormats)})) as lines
          group by lines.format_id) as bought)`
        : sql`'[]'::json`;
    buyerParts = sql`, 'held', ${held}, 'holder', ${holder}, 'bought', ${bought}`;
  }

  // One JSON column (one field for pg to describe, set up a parser for and parse), not one per part.
  return sql`select json_build_object(
    'formats', ${formatsPart},
    'teams', ${teamsPart},
    'products', ${rowsPart(jsonRows(products, within(products.publicId, 'p', shape.products)), shape.products)},
    'proportions', ${proportionsPart},
    'insurances', ${rowsPart(jsonRows(insurances, within(insurances.publicId, 'i', shape.insurances)), shape.insurances)},
    'certificates', ${rowsPart(jsonRows(certificates, and(within(certificates.publicId, 'c', shape.certificates), eq(certificates.active, true))), shape.certificates)},
    'promocodes', ${rowsPart(jsonRows(promocodes, within(promocodes.code, 'k', shape.codes)), shape.codes)},
    'sales', ${shape.formats || shape.teams ? jsonRows(sales, eq(sales.active, true)) : sql`'[]'::json`}
    ${buyerParts}) as checkout`;
}
