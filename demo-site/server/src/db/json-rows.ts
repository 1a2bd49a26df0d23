import { createHash } from 'node:crypto';
import { type AnyColumn, getTableColumns, is, type SQL, sql, type Table } from 'drizzle-orm';
import { PgJson, PgJsonb } from 'drizzle-orm/pg-core';

/**
 * Several reads in one statement: each part is a subquery answering JSON (`to_jsonb(row)` per row), and
 * the rows are read back into drizzle's row shape with the columns' own mappings (`rowFromJson`). A
 * checkout's reads — formats, stock, sales, what the buyer holds — then cost one round trip, not one each.
 */

/** `[row, …]` of `table` where `where` holds (`[]` when none): a JSON array, one `to_jsonb` per row. */
export const jsonRows = (table: Table, where: SQL | undefined, orderBy?: SQL): SQL =>
  sql`(select coalesce(jsonb_agg(to_jsonb(${table}.*)${orderBy ? sql` order by ${orderBy}` : sql``}), '[]'::jsonb) from ${table}${where ? sql` where ${where}` : sql``})`;

/** A row of `table` as `to_jsonb` wrote it (column names), in drizzle's shape (field names, Dates, …). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table)) as [string, AnyColumn][]) {
    const value = json[column.name];
    // JSON columns arrive parsed already; the others as their JSON text (timestamps as ISO strings).
    row[field] =
      value === null || value === undefined ? null : is(column, PgJsonb) || is(column, PgJson) ? value : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** Rows of a `jsonRows` part. */
export const rowsFromJson = <T extends Table>(table: T, json: unknown): T['$inferSelect'][] =>
  ((json as Record<string, unknown>[] | null) ?? []).map((row) => rowFromJson(table, row));

/** The rows of a raw `execute` (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

/**
 * `db.execute(query)` as a named prepared statement (node-postgres; PGlite ignores the name): PostgreSQL
 * parses a statement's text once per connection and reuses it, instead of parsing every time. For the
 * checkout's big statements (its one read, its one write), whose texts repeat from buyer to buyer. The
 * name is the text's hash, so one name always means one text.
 */
export function executeNamed(db: unknown, query: SQL): Promise<unknown> {
  const { session, dialect } = db as {
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        arrayMode: false,
      ): { execute(): Promise<unknown> };
    };
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  };
  const built = dialect.sqlToQuery(query);
  const name = `gid_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 24)}`;
  return session.prepareQuery(built, undefined, name, false).execute();
}
