import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Cell, columnName, NOT_IN_XML, xlsx, xmlText } from './xlsx';
import { zip } from './zip';

const bytes = async (chunks: AsyncIterable<Buffer>) => {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
};

async function* batches(...rows: Cell[][][]) {
  for (const batch of rows) yield batch;
}

/**
 * The archive read back the way an unzipper does, from its end: the central directory names each part's
 * local header; the data there inflates to the size and CRC-32 the directory gives.
 */
function unzipped(archive: Buffer): Map<string, Buffer> {
  const end = archive.length - 22;
  expect(archive.readUInt32LE(end)).toBe(0x06054b50);
  const count = archive.readUInt16LE(end + 10);
  const parts = new Map<string, Buffer>();
  let at = archive.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressed = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const local = archive.readUInt32LE(at + 42);
    expect(archive.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const raw = archive.subarray(start, start + compressed);
    const data = method === 8 ? inflateRawSync(raw) : raw;
    expect({ name, size: data.length, crc: crc32(data) }).toEqual({ name, size, crc });
    if (archive.readUInt16LE(local + 6) & 0x0008)
      expect([...[0, 4, 8, 12].map((offset) => archive.readUInt32LE(start + compressed + offset))]).toEqual([
        0x08074b50,
        crc,
        compressed,
        size,
      ]);
    parts.set(name, data);
    at += 46 + nameLength;
  }
  return parts;
}

describe('the XLSX writer', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
  });

  it("keeps text that looks like Excel's own _xHHHH_ escape literal", () => {
    // Excel and LibreOffice decode _x0041_ in a cell's text to «A»; escaping its underscore keeps it as typed
    // (LibreOffice reads this back as «_x0041_ и _x00e9_»). ExcelJS does not decode inline strings, hence not a round trip here.
    expect(xmlText('_x0041_ и _x00e9_ и _x12')).toBe('_x005F_x0041_ и _x005F_x00e9_ и _x12');
    expect(xmlText('a & b <c> "d"\u0001')).toBe('a &amp; b &lt;c&gt; &quot;d&quot;');
  });

  it('writes a ZIP an unzipper reads back part by part, streamed parts with their data descriptor', async () => {
    const long = Buffer.alloc(300_000, 'Бегунов;');
    async function* stream() {
      yield long.subarray(0, 100_000);
      yield long.subarray(100_000);
    }
    const parts = unzipped(
      await bytes(
        zip([
          { name: 'a.txt', data: Buffer.from('whole') },
          { name: 'папка/b.xml', data: stream() },
          { name: 'c', data: Buffer.alloc(0) },
        ]),
      ),
    );
    expect([...parts.keys()]).toEqual(['a.txt', 'папка/b.xml', 'c']);
    expect(parts.get('a.txt')!.toString()).toBe('whole');
    expect(parts.get('папка/b.xml')!.equals(long)).toBe(true);
    expect(parts.get('c')!.length).toBe(0);
  });

  it('a workbook a spreadsheet reads: the header bold, widths, any text and numbers as given', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('=HYPERLINK("x")', '  пробелы  ', 'a & b <c> "d"', 'строка\nвторая', '\u0001\uFFFE'),
    );
    const cell = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.tuple(cell, cell, cell), { maxLength: 8 }), { maxLength: 4 }), async (given) => {
        const columns = [
          { header: 'Фамилия', width: 20 },
          { header: 'Сумма, ₽', width: 10 },
          { header: 'Заметка', width: 30 },
        ];
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load((await bytes(xlsx('Участники', columns, batches(...given)))) as unknown as ArrayBuffer);
        const sheet = workbook.getWorksheet('Участники')!;
        expect(sheet.getRow(1).values).toEqual([undefined, 'Фамилия', 'Сумма, ₽', 'Заметка']);
        expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
        expect(sheet.getColumn(1).width).toBe(20);
        const rows = given.flat();
        rows.forEach((row, index) => {
          const read = row.map((_, column) => sheet.getRow(index + 2).getCell(column + 1).value ?? null);
          const expected = row.map((value) => {
            if (typeof value !== 'string') return value === 0 ? 0 : value; // −0 is written as 0
            const kept = value.replace(NOT_IN_XML, '');
            return kept === '' ? null : kept;
          });
          expect(read).toEqual(expected);
        });
        expect(sheet.getRow(1).getCell(1).font?.bold && sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
      }),
      { numRuns: 60 },
    );
  });

  it('asks for the next batch only as the download takes the last; a download stopped stops the reading', async () => {
    let asked = 0;
    let finished = false;
    const row = (n: number): Cell[] => [`Участник ${n} ${crc32(String(n)).toString(36)}`, n, 'x'.repeat(40)];
    async function* many() {
      try {
        for (; asked < 1000; asked++) yield Array.from({ length: 1000 }, (_, i) => row(asked * 1000 + i));
      } finally {
        finished = true;
      }
    }
    const columns = [
      { header: 'A', width: 10 },
      { header: 'B', width: 10 },
      { header: 'C', width: 10 },
    ];
    const download = xlsx('Лист', columns, many());
    let taken = 0;
    for await (const chunk of download) {
      taken += chunk.length;
      if (taken > 200_000) break;
    }
    // A million rows would be ~30 MB deflated: the 200 KB taken asked for a few batches, and the stop ended the source.
    expect(asked).toBeLessThan(20);
    expect(finished).toBe(true);
  });

  it('a source that fails fails the download', async () => {
    async function* failing() {
      yield [['первая'] as Cell[]];
      throw new Error('the database went away');
    }
    await expect(bytes(xlsx('Лист', [{ header: 'A', width: 10 }], failing()))).rejects.toThrow('the database went away');
  });
});
