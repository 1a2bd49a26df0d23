import { createHash } from 'node:crypto';
import {
  type AnyColumn,
  type DriverValueEncoder,
  getTableColumns,
  getTableName,
  is,
  Param,
  Placeholder,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgJson, PgJsonb } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Gathering } from '../lib/gathering';
import { onePer } from '../lib/one-per';

/**
 * Several reads in one statement: each part is a subquery answering JSON (`to_json(row)` per row: the
 * text built directly, cheaper for the database than jsonb's), and the rows are read back into
 * drizzle's row shape with the columns' own mappings (`rowFromJson`). A checkout's reads — formats,
 * stock, sales, what the buyer holds — then cost one round trip, not one each.
 */

/** `[row, …]` of `table` where `where` holds (`[]` when none): a JSON array, one `to_json` per row. */
export const jsonRows = (table: Table, where: SQL | undefined, orderBy?: SQL): SQL =>
  sql`(select coalesce(json_agg(to_json(${table}.*)${orderBy ? sql` order by ${orderBy}` : sql``}), '[]'::json) from ${table}${where ? sql` where ${where}` : sql``})`;

/** A column as `rowFromJson` reads it back. */
interface JsonColumn {
  field: string;
  name: string;
  column: AnyColumn;
  json: boolean;
}

/** A table's columns as `rowFromJson` reads them, worked out once per table (and per field list of `jsonPick`). */
const jsonColumns = new WeakMap<Table, JsonColumn[]>();
const pickedColumns = new WeakMap<readonly string[], JsonColumn[]>();

function columnsOf(table: Table): JsonColumn[] {
  let columns = jsonColumns.get(table);
  if (!columns) {
    columns = (Object.entries(getTableColumns(table)) as [string, AnyColumn][]).map(([field, column]) => ({
      field,
      name: column.name,
      column,
      json: is(column, PgJsonb) || is(column, PgJson),
    }));
    jsonColumns.set(table, columns);
  }
  return columns;
}

function picked(table: Table, fields: readonly string[]): JsonColumn[] {
  let columns = pickedColumns.get(fields);
  if (!columns) {
    const all = columnsOf(table);
    columns = fields.map((field) => {
      const column = all.find((candidate) => candidate.field === field);
      if (!column) throw new Error(`${field} is not a column of the table`);
      return column;
    });
    pickedColumns.set(fields, columns);
  }
  return columns;
}

/**
 * Some of a table's columns (by field name) as one JSON object keyed by column name, read back by
 * `pickFromJson(table, fields, …)` — the same `fields` array. `from` names the row's source when it
 * is not the table itself (a CTE's name). A reader that needs a few columns of a wide row (texts,
 * descriptions, JSON it never looks at) has the database leave the rest out: less for it to write,
 * for pg to parse and for the mappings to walk.
 */
export function jsonPick<T extends Table, K extends keyof T['$inferSelect'] & string>(table: T, fields: readonly K[], from?: string): SQL {
  const source = from ?? getTableName(table);
  const pairs = picked(table, fields).map(({ name }) => `'${name}', "${source}"."${name}"`);
  return sql.raw(`json_build_object(${pairs.join(', ')})`);
}

/** A `jsonPick` object of `table`'s `fields`, in drizzle's shape (those fields only). */
export function pickFromJson<T extends Table, K extends keyof T['$inferSelect'] & string>(
  table: T,
  fields: readonly K[],
  json: Record<string, unknown>,
): Pick<T['$inferSelect'], K> {
  return mapRow(picked(table, fields), json) as Pick<T['$inferSelect'], K>;
}

function mapRow(columns: JsonColumn[], json: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const { field, name, column, json: parsed } of columns) {
    const value = json[name];
    // JSON columns arrive parsed already; the others as their JSON text (timestamps as ISO strings).
    row[field] = value === null || value === undefined ? null : parsed ? value : column.mapFromDriverValue(value);
  }
  return row;
}

/** A row of `table` as `to_json` (or `to_jsonb`) wrote it (column names), in drizzle's shape (field names, Dates, …). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  return mapRow(columnsOf(table), json) as T['$inferSelect'];
}

/** Rows of a `jsonRows` part. */
export const rowsFromJson = <T extends Table>(table: T, json: unknown): T['$inferSelect'][] =>
  ((json as Record<string, unknown>[] | null) ?? []).map((row) => rowFromJson(table, row));

/** The rows of a raw `execute` (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

interface DrizzleInternals {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: false,
    ): { execute(): Promise<unknown> };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/** The name of a statement text: its hash, so one name always means one text. */
const statementName = (text: string) => `gid_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

/**
 * A value a shaped statement takes at each execution (`executeShaped`), mapped by `column` when given.
 * Insert values take the bare slot (the insert maps it by its column itself).
 */
export function slot(name: string): Placeholder;
export function slot(name: string, column: AnyColumn): Param;
export function slot(name: string, column?: AnyColumn): Placeholder | Param {
  return column ? new Param(sql.placeholder(name), column) : sql.placeholder(name);
}

/** One parameter of a shaped statement: a slot filled from the execution's values, or a constant of the text. */
type ShapeParam = { slot: string; encoder: DriverValueEncoder<unknown, unknown> | null } | { constant: unknown };

/** A shape's values: by slot name, or an array whose slots are named by their index (`slot('0')`, …). */
type ShapeValues = Record<string, unknown> | readonly unknown[];

interface Shape {
  sql: string;
  /** Named (prepared once per connection) while the shapes kept are few; unnamed past that. */
  name: string | undefined;
  params: ShapeParam[];
  /** node-postgres: the query's configuration, made once per shape (see `executeShaped`). */
  config?: { name: string | undefined; text: string; types: typeof driverTypes };
}

/**
 * The values node-postgres leaves as PostgreSQL wrote them under drizzle (its node-postgres session's
 * own list): timestamps, dates, intervals and their arrays; every other type parsed as pg parses it.
 */
const RAW_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  // Arrays (pg names no constant for them): numeric[], timestamp[], timestamptz[], interval[], date[].
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asWritten = (value: string) => value;
const driverTypes = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(typeId) ? asWritten : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/**
 * Shapes kept per process. A shape is keyed by what changes its text (how many formats, lines, codes a
 * basket names): the everyday ones are few, but a basket's lines can be combined in endless ways, so
 * past this many a new shape is built each time and sent unnamed (no statement left in PostgreSQL's
 * sessions for it either).
 */
const SHAPES_KEPT = 256;
const shapes = new Map<string, Shape>();
/** Under the tests every shape is also built again and compared: a key that misses a difference fails loudly. */
const verifyShapes = process.env.VITEST !== undefined;

function buildShape(db: DrizzleInternals, build: () => SQL): Shape {
  const query = db.dialect.sqlToQuery(build());
  return {
    sql: query.sql,
    name: undefined,
    params: query.params.map((param): ShapeParam => {
      if (is(param, Placeholder)) return { slot: param.name, encoder: null };
      if (is(param, Param) && is(param.value, Placeholder)) return { slot: param.value.name, encoder: param.encoder };
      return { constant: param };
    }),
  };
}

/**
 * A statement whose text depends only on its shape: built with drizzle once per `shape` key and process
 * (with `slot(name)` where a value goes), then executed with `values` filled into its slots, as a named
 * prepared statement. Building the SQL — drizzle walking its tree — was the largest part of a purchase's
 * own CPU time (bench/payment-floor.mjs); the key must name everything that changes the text.
 */
export async function executeShaped(db: unknown, shape: string, build: () => SQL, values: ShapeValues): Promise<unknown> {
  const internals = db as DrizzleInternals;
  const statement = shapeFor(internals, shape, build);
  const params = statement.params.map((param) => {
    if ('constant' in param) return param.constant;
    if (!(param.slot in values)) throw new Error(`No value for the slot "${param.slot}" of the statement shape "${shape}"`);
    const value = (values as Record<string, unknown>)[param.slot];
    return value === null || value === undefined ? null : param.encoder ? param.encoder.mapToDriverValue(value) : value;
  });
  return run(internals, statement, params);
}

/** The statement of `shape`: kept, or built (and kept while few are). Under the tests a kept one is built again and compared. */
function shapeFor(internals: DrizzleInternals, shape: string, build: () => SQL): Shape {
  let statement = shapes.get(shape);
  if (statement && verifyShapes) {
    const again = buildShape(internals, build);
    const signature = (built: Shape) =>
      JSON.stringify([
        built.sql,
        built.params.map((param) =>
          'constant' in param ? param.constant : [param.slot, (param.encoder as { name?: string } | null)?.name ?? null],
        ),
      ]);
    if (signature(again) !== signature(statement))
      throw new Error(`The statement shape "${shape}" was built into another text: its key misses a difference`);
  }
  if (!statement) {
    statement = buildShape(internals, build);
    keep(shape, statement);
  }
  return statement;
}

/** Keeps a statement under its shape's key, named (prepared once per connection), while the shapes kept are few. */
function keep(shape: string, statement: Shape): void {
  if (shapes.size >= SHAPES_KEPT) return;
  statement.name = statementName(statement.sql);
  shapes.set(shape, statement);
}

function run(internals: DrizzleInternals, statement: Shape, params: unknown[]): Promise<unknown> {
  // On node-postgres the statement goes to the pool (or the transaction's client) itself: drizzle's
  // prepared query — two configurations with their own type closures made per call, two tracing spans,
  // its cache's wrapper — added nothing here but CPU time on every purchase's two statements. The
  // result is the driver's, as drizzle answers a raw query; the types are drizzle's (above).
  const { session } = internals;
  if (is(session, NodePgSession)) {
    statement.config ??= { name: statement.name, text: statement.sql, types: driverTypes };
    return (session as unknown as { client: pg.Pool | pg.PoolClient }).client.query(statement.config, params);
  }
  return session.prepareQuery({ sql: statement.sql, params }, undefined, statement.name, false).execute();
}

/** A read of a shape, as `readShapedTogether` gathers them. */
interface ShapedRead {
  db: DrizzleInternals;
  shape: string;
  build: () => SQL;
  values: Record<string, unknown>;
}

const firstRow = async (read: ShapedRead) =>
  rowsOf<Record<string, unknown>>(await executeShaped(read.db, read.shape, read.build, read.values))[0]!;
/** One gathering of reads per database handle. */
const gatheringOf = onePer((_db: object) => new Gathering<ShapedRead, Record<string, unknown>>(firstRow, readTogether));

/**
 * The one row a shaped statement (`executeShaped`) reads, read together with the other reads of the
 * same shape that arrive while one is in flight (`Gathering`): the next statement makes all of them —
 * each as a lateral subquery over one row of a JSON array of their values — in one round trip. A read
 * arriving when none is in flight is made at once, alone; if the statement of several fails, each is
 * made again alone. The statement's slots are read from JSON text: a slot that is not text needs its
 * cast in the statement (`${slot('id')}::integer`), or a column that maps it (`slot('now',
 * orders.expiresAt)`), whose type it is cast to.
 */
export function readShapedTogether(
  db: unknown,
  shape: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return gatheringOf(db as object).run(shape, { db: db as DrizzleInternals, shape, build, values });
}

/**
 * The reads of `batch` (one shape) in one statement: the shape's statement as a lateral subquery over
 * the rows of a JSON array of their values, its slots read from each row. Their rows, in order.
 */
async function readTogether(batch: ShapedRead[]): Promise<Record<string, unknown>[]> {
  const { db: internals, shape, build } = batch[0]!;
  const one = shapeFor(internals, shape, build);
  let statement = shapes.get(`together ${shape}`);
  if (!statement) {
    const constants: ShapeParam[] = [];
    const renumbered = new Map<number, string>();
    const text = one.sql.replace(/\$(\d+)\b/g, (_, digits: string) => {
      const index = Number(digits);
      const param = one.params[index - 1]!;
      if ('constant' in param) {
        let name = renumbered.get(index);
        if (!name) {
          constants.push(param);
          name = `$${constants.length + 1}`;
          renumbered.set(index, name);
        }
        return name;
      }
      const type = (param.encoder as { getSQLType?: () => string } | null)?.getSQLType?.();
      return `(together.v->>'${param.slot.replaceAll("'", "''")}')${type ? `::${type}` : ''}`;
    });
    statement = {
      sql: `select one.* from json_array_elements($1::json) with ordinality as together(v, n) cross join lateral (${text}) as one order by together.n`,
      name: undefined,
      params: [{ slot: 'rows', encoder: null }, ...constants],
    };
    keep(`together ${shape}`, statement);
  }
  const rows = batch.map(({ values }) => {
    const row: Record<string, unknown> = {};
    for (const param of one.params) {
      if ('constant' in param) continue;
      if (!(param.slot in values)) throw new Error(`No value for the slot "${param.slot}" of the statement shape "${shape}"`);
      const value = values[param.slot];
      const mapped = value === null || value === undefined ? null : param.encoder ? param.encoder.mapToDriverValue(value) : value;
      row[param.slot] = mapped instanceof Date ? mapped.toISOString() : mapped;
    }
    return row;
  });
  const params = statement.params.map((param) => ('constant' in param ? param.constant : JSON.stringify(rows)));
  const result = rowsOf<Record<string, unknown>>(await run(internals, statement, params));
  if (result.length !== batch.length)
    throw new Error(`The reads together of "${shape}" answered ${result.length} rows for ${batch.length}`);
  return result;
}
