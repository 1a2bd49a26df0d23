import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming ZIP writer: a file's bytes are deflated as they come and the archive's bytes are yielded as
 * they are made, so an archive of any length holds no more than one deflate window and a chunk in memory.
 * Small parts are stored whole; a part given as a stream is deflated with a data descriptor after it
 * (APPNOTE 4.3.9), its CRC-32 and sizes being known only at its end.
 */

export interface ZipPart {
  name: string;
  /** A small part whole, or a long one as it is made. */
  data: Buffer | AsyncIterable<Buffer>;
}

interface Written {
  name: Buffer;
  method: 0 | 8;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** ZIP without its 64-bit extension: a part or an archive past 4 GiB is refused, not written wrong. */
const LIMIT = 0xffff_ffff;
const DATA_DESCRIPTOR = 0x0008;
const UTF8_NAMES = 0x0800;

function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * A header of `length` bytes after `signature`: from "version needed to extract" (at `at`) to the name's
 * length, a local header (APPNOTE 4.3.7) and a central one (4.3.12) hold the same fields. With a data
 * descriptor, the CRC-32 and sizes are still zero when the local header is written (given after the data).
 */
function header(part: Written, stamp: { time: number; date: number }, signature: number, length: number, at: number): Buffer {
  const header = Buffer.alloc(length);
  header.writeUInt32LE(signature, 0);
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(part.flags, at + 2);
  header.writeUInt16LE(part.method, at + 4);
  header.writeUInt16LE(stamp.time, at + 6);
  header.writeUInt16LE(stamp.date, at + 8);
  header.writeUInt32LE(part.crc, at + 10);
  header.writeUInt32LE(part.compressed, at + 14);
  header.writeUInt32LE(part.size, at + 18);
  header.writeUInt16LE(part.name.length, at + 22);
  // What is left is zero: the extra field's length; in the central header also the comment, disk and attributes.
  return header;
}

const localHeader = (part: Written, stamp: { time: number; date: number }): Buffer =>
  Buffer.concat([header(part, stamp, 0x04034b50, 30, 4), part.name]);

function centralHeader(part: Written, stamp: { time: number; date: number }): Buffer {
  const central = header(part, stamp, 0x02014b50, 46, 6);
  central.writeUInt16LE(20, 4); // version made by
  central.writeUInt32LE(part.offset, 42);
  return Buffer.concat([central, part.name]);
}

/** Resolves when `stream` can take more, or is closed (then nothing more is asked of it). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** Deflates `source` as it comes; `sum` gets its CRC-32 and length. Stops reading when its reader stops. */
async function* deflated(source: AsyncIterable<Buffer>, sum: { crc: number; size: number }): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw();
  let stopped = false;
  const feeding = (async () => {
    for await (const chunk of source) {
      if (stopped) return;
      sum.crc = crc32(chunk, sum.crc);
      sum.size += chunk.length;
      // Wait for the deflate to take it before asking the source for more (or for the reader to stop).
      if (!deflate.write(chunk)) await drained(deflate);
      if (deflate.destroyed) return;
    }
    deflate.end();
  })().catch((error: Error) => deflate.destroy(error));
  try {
    for await (const chunk of deflate) yield chunk as Buffer;
  } finally {
    stopped = true;
    deflate.destroy();
    await feeding;
  }
}

/** The archive's bytes, part after part, then its central directory. */
export async function* zip(parts: Iterable<ZipPart>, now = new Date()): AsyncGenerator<Buffer> {
  const stamp = dosTime(now);
  const written: Written[] = [];
  let offset = 0;
  const tooLarge = () => new Error('ZIP: larger than 4 GiB');
  for (const { name, data } of parts) {
    const whole = Buffer.isBuffer(data);
    const part: Written = {
      name: Buffer.from(name, 'utf8'),
      method: whole ? 0 : 8,
      flags: UTF8_NAMES | (whole ? 0 : DATA_DESCRIPTOR),
      crc: whole ? crc32(data) : 0,
      compressed: whole ? data.length : 0,
      size: whole ? data.length : 0,
      offset,
    };
    const header = localHeader(part, stamp);
    yield header;
    offset += header.length;
    if (whole) {
      yield data;
      offset += data.length;
    } else {
      const sum = { crc: 0, size: 0 };
      for await (const chunk of deflated(data, sum)) {
        part.compressed += chunk.length;
        if (offset + part.compressed > LIMIT) throw tooLarge();
        yield chunk;
      }
      if (sum.size > LIMIT) throw tooLarge();
      part.crc = sum.crc;
      part.size = sum.size;
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(part.crc, 4);
      descriptor.writeUInt32LE(part.compressed, 8);
      descriptor.writeUInt32LE(part.size, 12);
      offset += part.compressed;
      yield descriptor;
      offset += descriptor.length;
    }
    written.push(part);
  }
  const directory = Buffer.concat(written.map((part) => centralHeader(part, stamp)));
  if (offset + directory.length > LIMIT) throw tooLarge();
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
