import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from './client';
import { executeShaped, jsonPick, pickFromJson, rowFromJson, rowsOf, slot } from './json-rows';

const notes = pgTable('shape_notes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown> | null>(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
});

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite();
  await handle.db.execute(
    sql`create table shape_notes (id integer primary key generated always as identity, title text not null, payload jsonb, at timestamptz)`,
  );
});
afterAll(() => handle.close());

/** An insert of the notes, one shape per count (the insert maps each slot through its column), returning the rows. */
const insertNotes = (values: { title: string; payload: Record<string, unknown> | null; at: Date | null }[]) => {
  const slots: Record<string, unknown> = {};
  values.forEach((note, n) => {
    Object.assign(slots, { [`t${n}`]: note.title, [`p${n}`]: note.payload, [`a${n}`]: note.at });
  });
  return executeShaped(
    handle.db,
    `notes ${values.length}`,
    () =>
      sql`with added as (${handle.db
        .insert(notes)
        .values(values.map((_, n) => ({ title: slot(`t${n}`), payload: slot(`p${n}`), at: slot(`a${n}`) })))
        .returning()
        .getSQL()}) select to_jsonb(added.*) as row from added order by id`,
    slots,
  ).then((result) => rowsOf<{ row: Record<string, unknown> }>(result).map(({ row }) => rowFromJson(notes, row)));
};

describe('shaped statements (executeShaped)', () => {
  it('fills each execution’s values into the shape’s slots, through the columns’ mappings; null stays NULL', async () => {
    const at = new Date('2026-11-27T06:00:00.000Z');
    const first = await insertNotes([{ title: 'первая', payload: { a: 1 }, at }]);
    // The same shape again, other values: the text built the first time, these values.
    const second = await insertNotes([{ title: 'вторая', payload: null, at: null }]);
    expect(first).toEqual([{ id: expect.any(Number), title: 'первая', payload: { a: 1 }, at }]);
    expect(second).toEqual([{ id: expect.any(Number), title: 'вторая', payload: null, at: null }]);
    const raw = await handle.db.execute(sql`select payload is null as sql_null from shape_notes where title = 'вторая'`);
    expect(rowsOf<{ sql_null: boolean }>(raw)[0]?.sql_null).toBe(true);
    const two = await insertNotes([
      { title: 'a', payload: { n: 1 }, at },
      { title: 'b', payload: { n: 2 }, at },
    ]);
    expect(two.map((note) => [note.title, note.payload])).toEqual([
      ['a', { n: 1 }],
      ['b', { n: 2 }],
    ]);
  });

  it('refuses a key that names two texts, and a slot left without a value', async () => {
    const select = (column: string) => () => sql`select ${sql.raw(column)} as value from shape_notes where title = ${slot('title')}`;
    await executeShaped(handle.db, 'one key', select('id'), { title: 'a' });
    await expect(executeShaped(handle.db, 'one key', select('title'), { title: 'a' })).rejects.toThrow(/its key misses a difference/);
    await expect(executeShaped(handle.db, 'another key', select('id'), {})).rejects.toThrow(/No value for the slot "title"/);
  });
});

describe('a few columns of a row (jsonPick, pickFromJson)', () => {
  it('reads only the named fields, by their column names, with the columns’ own mappings', async () => {
    const at = new Date('2026-11-29T05:00:00.000Z');
    await insertNotes([{ title: 'выбранная', payload: { deep: [1, 2] }, at }]);
    const fields = ['title', 'payload', 'at'] as const;
    const result = await handle.db.execute(sql`select ${jsonPick(notes, fields)} as row from shape_notes where title = 'выбранная'`);
    const [{ row }] = rowsOf<{ row: Record<string, unknown> }>(result) as [{ row: Record<string, unknown> }];
    // The database wrote the named columns only (no id), under their column names.
    expect(Object.keys(row).sort()).toEqual(['at', 'payload', 'title']);
    expect(pickFromJson(notes, fields, row)).toEqual({ title: 'выбранная', payload: { deep: [1, 2] }, at });
    expect(() => jsonPick(notes, ['nowhere' as 'title'])).toThrow(/nowhere is not a column/);
  });
});
