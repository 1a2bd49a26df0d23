import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from './client';
import { executeShaped, jsonPick, pickFromJson, readShapedTogether, rowFromJson, rowsOf, slot } from './json-rows';

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

describe('reads of one shape together (readShapedTogether)', () => {
  it('reads arriving while one is in flight share the next statement, each answered with its own row', async () => {
    const [first, second] = await insertNotes([
      { title: 'Первая', payload: null, at: new Date('2026-05-01T06:00:00Z') },
      { title: 'Вторая', payload: null, at: new Date('2026-06-01T06:00:00Z') },
    ]);
    // A text slot, an integer one cast in the text, a timestamp one mapped by its column; and the statement's clock.
    const read = (values: Record<string, unknown>) =>
      readShapedTogether(
        handle.db,
        'notes together',
        () => sql`select (select count(*)::integer from ${notes} where ${notes.title} = ${slot('title')} and ${notes.id} >= ${slot('from')}::integer
            and ${notes.at} < ${slot('before', notes.at)}) as found, ${slot('title')} as title, statement_timestamp()::text as at`,
        values,
      );
    const asks = [
      { title: 'Первая', from: first!.id, before: new Date('2026-05-02T00:00:00Z') },
      { title: 'Вторая', from: first!.id, before: new Date('2026-05-02T00:00:00Z') },
      { title: 'Вторая', from: second!.id, before: new Date('2026-07-01T00:00:00Z') },
      { title: "Кто'то", from: 0, before: new Date('2027-01-01T00:00:00Z') },
    ];
    const rows = await Promise.all(asks.map(read));
    expect(rows.map(({ found, title }) => [found, title])).toEqual([
      [1, 'Первая'],
      [0, 'Вторая'],
      [1, 'Вторая'],
      [0, "Кто'то"],
    ]);
    // The first went alone; the three that arrived meanwhile were one statement (one statement clock).
    expect(new Set(rows.slice(1).map((row) => row.at)).size).toBe(1);
    expect(rows[0]!.at).not.toBe(rows[1]!.at);
  });

  it('a read of several that fails is made again alone: the others get their rows, it its own error', async () => {
    const read = (values: Record<string, unknown>) =>
      readShapedTogether(handle.db, 'notes divide', () => sql`select 10 / ${slot('by')}::integer as quotient`, values);
    const answers = await Promise.allSettled([read({ by: 1 }), read({ by: 2 }), read({ by: 0 }), read({ by: 5 })]);
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.quotient : 'refused'))).toEqual([10, 5, 'refused', 2]);
  });
});
