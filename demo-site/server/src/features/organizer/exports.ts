import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { toRubles } from '../../lib/money';
import { xlsx } from '../../lib/xlsx';

/**
 * Exports (issue 31) are streams, as pretix's should have been: rows are read a page at a time by key
 * (never OFFSET) and written as they come, so a 100,000-participant event costs the server no more memory
 * than a small one, and the download starts before the last row is read.
 */

const PAGE = 1000;
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

export interface Column<Row> {
  header: string;
  value: (row: Row) => string | number | null;
  width?: number;
}

/** Pages of rows by an increasing key until a short page. */
async function* pages<Row extends { id: number }>(read: (afterId: number) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const page = await read(after);
    if (page.length) yield page;
    if (page.length < PAGE) return;
    after = page.at(-1)!.id;
  }
}

/** A cell as CSV: quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvStream<Row extends { id: number }>(columns: Column<Row>[], read: (afterId: number) => Promise<Row[]>): Readable {
  return Readable.from(
    (async function* () {
      // A byte-order mark: Excel then opens the Cyrillic as UTF-8.
      yield `\uFEFF${columns.map((column) => csvCell(column.header)).join(',')}\r\n`;
      for await (const page of pages(read))
        yield page.map((row) => `${columns.map((column) => csvCell(column.value(row))).join(',')}\r\n`).join('');
    })(),
  );
}

/** The rows as a one-sheet workbook, a page at a time: the next page is read when the download has taken the last. */
export function xlsxStream<Row extends { id: number }>(
  sheet: string,
  columns: Column<Row>[],
  read: (afterId: number) => Promise<Row[]>,
): Readable {
  const cells = async function* () {
    for await (const page of pages(read)) yield page.map((row) => columns.map((column) => column.value(row)));
  };
  return Readable.from(
    xlsx(
      sheet,
      columns.map((column) => ({ header: column.header, width: column.width ?? 16 })),
      cells(),
    ),
  );
}

export interface ParticipantRow {
  id: number;
  number: number;
  status: string;
  format: string;
  info: Record<string, unknown>;
  order_public_id: string;
  order_email: string;
  team: string | null;
  checked_in_at: string | Date | null;
  /** The holder's account: what a ticket shows until its participant registers (as the scanner shows it). */
  holder_last_name: string | null;
  holder_first_name: string | null;
  holder_phone: string | null;
  holder_email: string | null;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

export const participantColumns: Column<ParticipantRow>[] = [
  { header: 'Номер', value: (row) => row.number, width: 8 },
  { header: 'Формат', value: (row) => row.format, width: 24 },
  { header: 'Фамилия', value: (row) => text(row.info.last_name) ?? row.holder_last_name },
  { header: 'Имя', value: (row) => text(row.info.first_name) ?? row.holder_first_name },
  { header: 'Отчество', value: (row) => text(row.info.second_name) },
  { header: 'Дата рождения', value: (row) => text(row.info.birth_date), width: 12 },
  { header: 'Пол', value: (row) => (row.info.gender === 'male' ? 'М' : row.info.gender === 'female' ? 'Ж' : null), width: 5 },
  { header: 'Телефон', value: (row) => text(row.info.phone) ?? (row.holder_phone ? `+${row.holder_phone}` : null) },
  { header: 'E-mail', value: (row) => text(row.info.email) ?? row.holder_email ?? row.order_email, width: 28 },
  { header: 'Команда', value: (row) => row.team },
  { header: 'Заказ', value: (row) => row.order_public_id, width: 26 },
  { header: 'Статус', value: (row) => row.status, width: 10 },
  { header: 'Отметка на старте', value: (row) => (row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null), width: 22 },
];

/** The participants of an event city (or one of its formats), a page after `afterId` by ticket id. */
export const participantPages =
  (db: Database, eventCityId: number, formatId: number | null) =>
  async (afterId: number): Promise<ParticipantRow[]> =>
    rowsOf<ParticipantRow>(
      // The page's tickets first — up to a page per format along (format_id, id), the first PAGE of them —
      // then their orders, holders, teams and check-ins: never a join of every ticket left, sorted, per page.
      await db.execute(sql`select t.id, t.number, t.status, f.title as format, t.info, o.public_id as order_public_id, o.email as order_email,
          tm.name as team, c.checked_at as checked_in_at,
          u.last_name as holder_last_name, u.name as holder_first_name, u.phone as holder_phone, u.email as holder_email
        from (select t.* from event_formats f
            cross join lateral (select * from tickets t where t.format_id = f.id and t.id > ${afterId} order by t.id limit ${PAGE}) t
            where f.event_city_id = ${eventCityId} ${formatId ? sql`and f.id = ${formatId}` : sql``}
            order by t.id limit ${PAGE}) t
        join event_formats f on f.id = t.format_id join orders o on o.id = t.order_id
        left join users u on u.id = t.user_id
        left join teams tm on tm.id = t.team_id left join checkins c on c.ticket_id = t.id
        order by t.id`),
    );

export interface OrderRow {
  id: number;
  public_id: string;
  email: string;
  status: string;
  amount: number;
  refunded_amount: number;
  created_at: string | Date;
  paid_at: string | Date | null;
  tickets: number;
}

export const orderColumns: Column<OrderRow>[] = [
  { header: 'Заказ', value: (row) => row.public_id, width: 26 },
  { header: 'E-mail', value: (row) => row.email, width: 28 },
  { header: 'Статус', value: (row) => row.status, width: 10 },
  { header: 'Сумма, ₽', value: (row) => toRubles(row.amount), width: 10 },
  { header: 'Возвращено, ₽', value: (row) => toRubles(row.refunded_amount), width: 12 },
  { header: 'Билетов', value: (row) => row.tickets, width: 8 },
  { header: 'Создан', value: (row) => new Date(row.created_at).toISOString(), width: 22 },
  { header: 'Оплачен', value: (row) => (row.paid_at ? new Date(row.paid_at).toISOString() : null), width: 22 },
];

/** The orders holding tickets of an event city, a page after `afterId` by order id. */
export const orderPages =
  (db: Database, eventCityId: number) =>
  async (afterId: number): Promise<OrderRow[]> =>
    rowsOf<OrderRow>(
      await db.execute(sql`select o.id, o.public_id, o.email, o.status, o.amount, o.refunded_amount, o.created_at, o.paid_at,
          (select count(*)::int from tickets t where t.order_id = o.id) as tickets
        from orders o where o.id > ${afterId} and exists (select 1 from order_items oi join event_formats f on f.id = oi.format_id
          where oi.order_id = o.id and f.event_city_id = ${eventCityId})
        order by o.id limit ${PAGE}`),
    );
