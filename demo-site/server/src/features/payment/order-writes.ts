import { getTableColumns, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { executeShaped, jsonPick, pickFromJson, rowsOf, slot } from '../../db/json-rows';
import { orderItems, orders } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { Gathering } from '../../lib/gathering';
import { onePer } from '../../lib/one-per';
import { pricingMessages } from './pricing';

export type OrderItemInsert = typeof orderItems.$inferInsert;

/** Order lines a statement inserts (about 20 parameters a line, well under PostgreSQL's 65,535). */
export const ITEMS_PER_STATEMENT = 200;

/** The one stock counter a plain basket takes: its format, kind and count. */
export interface StockClaim {
  formatId: number;
  kind: string;
  count: number;
}

/**
 * What the purchase reads back of the order it wrote (`writeOrder`): the answer's figures, the hold's
 * end for the chosen numbers and seats. The rest of the row (its receipt, delivery, payload) it wrote itself.
 */
export const WRITTEN_FIELDS = ['id', 'publicId', 'amount', 'paymentUrl', 'language', 'expiresAt'] as const;
export type OrderRow = Pick<typeof orders.$inferSelect, (typeof WRITTEN_FIELDS)[number]>;

/**
 * Writes the order and its first lines in one statement (the lines name the new order through the
 * CTE). With `stock`, the same statement takes the stock first, by the conditional update the
 * transaction would make: when it takes nothing (sold out), the order's amount is NULL, the NOT NULL
 * constraint fails the whole statement, and nothing is written — one statement is atomic by itself.
 */
export async function writeOrder(
  db: Database,
  values: typeof orders.$inferInsert,
  rows: OrderItemInsert[],
  stock: StockClaim | null,
): Promise<OrderRow> {
  // One shape per kind of basket (which fields the order and each line carry): its text is built once
  // (executeShaped). The values go in one array, in the order of the shape's slots (`slot('0')`, …):
  // the order's fields, each line's, then the stock's count, format and kind.
  const first = rows.length > ITEMS_PER_STATEMENT ? rows.slice(0, ITEMS_PER_STATEMENT) : rows;
  const params: unknown[] = [];
  const orderKey = fieldsInto(values, params);
  const lineKeys = first.map((row) => fieldsInto(row, params));
  if (stock) params.push(stock.count, stock.formatId, stock.kind);
  const build = () => {
    let next = 0;
    const orderSlots = orderKey.split(',').map((field) => [field, slot(String(next++))] as const);
    const lineSlots = lineKeys.map((key) => key.split(',').map((field) => [field, slot(String(next++))] as const));
    const [count, formatId, kind] = [slot(String(next)), slot(String(next + 1)), slot(String(next + 2))];
    const took = stock
      ? sql`took as (update format_stock set taken = taken + ${count} where format_id = ${formatId} and kind = ${kind} and taken + ${count} <= capacity returning 1), `
      : sql``;
    const orderRow = db
      .insert(orders)
      .values(
        Object.fromEntries(
          orderSlots.map(([field, value]) => [field, field === 'amount' && stock ? sql`(select ${value}::integer from took)` : value]),
        ) as PgInsertValue<typeof orders>,
      )
      .returning({
        id: orders.id,
        publicId: orders.publicId,
        amount: orders.amount,
        paymentUrl: orders.paymentUrl,
        language: orders.language,
        expiresAt: orders.expiresAt,
      });
    const linesRow = first.length
      ? sql`, new_lines as (${db
          .insert(orderItems)
          .values(
            lineSlots.map(
              (fields) => Object.fromEntries([...fields, ['orderId', sql`(select id from new_order)`]]) as PgInsertValue<typeof orderItems>,
            ),
          )
          .getSQL()})`
      : sql``;
    return sql`with ${took}new_order as (${orderRow.getSQL()})${linesRow} select ${jsonPick(orders, WRITTEN_FIELDS, 'new_order')} as row from new_order`;
  };
  const shape = `order ${stock ? 'stock' : '-'} ${orderKey} ${lineKeys.join(';')}`;
  let inserted: unknown;
  try {
    inserted = await executeShaped(db, shape, build, params);
  } catch (error) {
    if (stock && isNotNullViolation(error, 'amount')) throw badRequest(pricingMessages.unavailable);
    throw error;
  }
  const order = pickFromJson(orders, WRITTEN_FIELDS, rowsOf<{ row: Record<string, unknown> }>(inserted)[0]!.row);
  for (const row of rows) row.orderId = order.id;
  for (let i = ITEMS_PER_STATEMENT; i < rows.length; i += ITEMS_PER_STATEMENT)
    await db.insert(orderItems).values(rows.slice(i, i + ITEMS_PER_STATEMENT));
  return order;
}

/**
 * The fields `row` carries (set, and not `orderId`, which the statement fills), comma-joined, their
 * values pushed onto `params` in the same order.
 */
function fieldsInto(row: object, params: unknown[]): string {
  let key = '';
  for (const field in row) {
    const value = (row as Record<string, unknown>)[field];
    if (value === undefined || field === 'orderId') continue;
    params.push(value);
    key = key ? `${key},${field}` : field;
  }
  return key;
}

/** PostgreSQL's NOT NULL violation (23502) on `column`, possibly wrapped by drizzle. */
function isNotNullViolation(error: unknown, column: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, column: failed } = current as { code?: unknown; column?: unknown };
    if (code === '23502' && (failed === undefined || failed === column)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A plain order as the writer gathers them: its values, its lines, the stock it takes. */
interface PlainOrder {
  values: typeof orders.$inferInsert;
  rows: OrderItemInsert[];
  claim: StockClaim;
}

/**
 * Plain orders of one format and kind, written together (group commit, `Gathering`). When a crowd buys
 * one format, every purchase's statement queues on that format's stock row lock anyway, one after
 * another; here the orders that arrive while one statement is in flight wait in this process instead,
 * and the next statement writes all of them: one stock update for their sum, their orders and lines,
 * one round trip and one commit. An order arriving when none is in flight is written at once, alone
 * (`writeOrder`), so a quiet shop waits for nothing. When the batch's sum does not fit the places left
 * (the last places), or its statement fails, each of its orders is written again on its own, in turn:
 * each gets exactly the answer it would have had alone (its order, or the stock's refusal).
 */
export class PlainOrderWrites {
  private readonly gathering: Gathering<PlainOrder, OrderRow>;

  constructor(db: Database) {
    this.gathering = new Gathering(
      (order) => writeOrder(db, order.values, order.rows, order.claim),
      (batch) => writeOrders(db, batch),
    );
  }

  write(values: typeof orders.$inferInsert, rows: OrderItemInsert[], claim: StockClaim): Promise<OrderRow> {
    // Only orders of one shape (the same fields set on the order and on each line) share a statement.
    const key = `${claim.formatId}:${claim.kind}:${fieldsOf(values)}:${rows.map(fieldsOf).join(';')}`;
    return this.gathering.run(key, { values, rows, claim });
  }
}

/** The plain orders' writer of a database handle (one per server). */
export const plainOrderWrites: (db: Database) => PlainOrderWrites = onePer((db) => new PlainOrderWrites(db));

/** The fields `row` carries (set, and not `orderId`), comma-joined. */
function fieldsOf(row: object): string {
  let key = '';
  for (const field in row) {
    if ((row as Record<string, unknown>)[field] === undefined || field === 'orderId') continue;
    key = key ? `${key},${field}` : field;
  }
  return key;
}

/** `row`'s set fields as a JSON object keyed by `table`'s column names, as `json_populate_record` reads it. */
function recordOf(columns: Record<string, { name: string }>, row: object, extra?: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = { ...extra };
  for (const field in row) {
    const value = (row as Record<string, unknown>)[field];
    if (value === undefined || field === 'orderId') continue;
    record[columns[field]!.name] = value instanceof Date ? value.toISOString() : value;
  }
  return record;
}

/**
 * Several plain orders of one format, kind and shape in one statement: the stock's conditional update
 * for their sum, the orders, their lines (each naming its order by its public id). When the update takes
 * nothing, every order's amount is NULL and the NOT NULL constraint fails the whole statement: nothing
 * is written. The orders as written, in the batch's order.
 */
export async function writeOrders(db: Database, batch: PlainOrder[]): Promise<OrderRow[]> {
  const first = batch[0]!;
  const orderFields = fieldsOf(first.values).split(',');
  const lineFields = [...new Set(first.rows.flatMap((row) => fieldsOf(row).split(',')))];
  const orderColumns = getTableColumns(orders) as unknown as Record<string, { name: string }>;
  const lineColumns = getTableColumns(orderItems) as unknown as Record<string, { name: string }>;
  const values = {
    count: batch.reduce((sum, entry) => sum + entry.claim.count, 0),
    formatId: first.claim.formatId,
    kind: first.claim.kind,
    orders: JSON.stringify(batch.map((entry) => recordOf(orderColumns, entry.values))),
    lines: JSON.stringify(
      batch.flatMap((entry) => entry.rows.map((row) => recordOf(lineColumns, row, { order_ref: entry.values.publicId }))),
    ),
  };
  const build = () => {
    const column = (columns: Record<string, { name: string }>, field: string) => sql.identifier(columns[field]!.name);
    const orderNames = sql.join(
      orderFields.map((field) => column(orderColumns, field)),
      sql`, `,
    );
    const orderValues = sql.join(
      orderFields.map((field) => (field === 'amount' ? sql`(select r.amount from took)` : sql`r.${column(orderColumns, field)}`)),
      sql`, `,
    );
    const lineNames = sql.join(
      lineFields.map((field) => column(lineColumns, field)),
      sql`, `,
    );
    const lineValues = sql.join(
      lineFields.map((field) => sql`r.${column(lineColumns, field)}`),
      sql`, `,
    );
    return sql`with took as (update format_stock set taken = taken + ${slot('count')} where format_id = ${slot('formatId')}
        and kind = ${slot('kind')} and taken + ${slot('count')} <= capacity returning 1),
      new_orders as (insert into orders (${orderNames})
        select ${orderValues} from json_array_elements(${slot('orders')}::json) as e(v)
        cross join lateral json_populate_record(null::orders, e.v) as r
        returning *),
      new_lines as (insert into order_items (order_id, ${lineNames})
        select o.id, ${lineValues} from json_array_elements(${slot('lines')}::json) as e(v)
        cross join lateral json_populate_record(null::order_items, e.v) as r
        inner join new_orders o on o.public_id = e.v->>'order_ref')
      select ${jsonPick(orders, WRITTEN_FIELDS, 'new_orders')} as row from new_orders`;
  };
  const result = await executeShaped(db, `orders ${orderFields.join(',')} ${lineFields.join(',')}`, build, values);
  const byId = new Map(
    rowsOf<{ row: Record<string, unknown> }>(result).map(({ row }) => {
      const order = pickFromJson(orders, WRITTEN_FIELDS, row);
      return [order.publicId, order] as const;
    }),
  );
  return batch.map((entry) => {
    const order = byId.get(entry.values.publicId);
    if (!order) throw new Error('a batched order was not written');
    return order;
  });
}
