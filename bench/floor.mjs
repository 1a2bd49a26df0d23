// The floor of a purchase: only the writes one must make, in one transaction — the order (pending,
// with its hold's end), its line, the stock decrement under the row lock — and nothing else. The
// payment bench serves it from a bare Fastify process (startFloorServer, payment-floor.mjs); the rush
// runs 1,000 at once, and the same rush against such processes (rush.mjs).
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverDir } from './lib.mjs';

/** One floor purchase of one place of `formatId` (the row id) on a pooled `pg` client; throws when none is left. */
export async function floorPurchase(client, formatId, key) {
  await client.query('begin');
  try {
    const order = await client.query(
      "insert into orders (public_id, email, status, amount, payment_id, created_at, expires_at) values ($1, $2, 'pending', 150000, $3, now(), now() + interval '15 minutes') returning id",
      [`floor_${key}`, `floor_${key}@bench.example`, `pay_floor_${key}`],
    );
    await client.query(
      "insert into order_items (order_id, kind, format_id, stock_kind, count, unit_price, total) values ($1, 'ticket', $2, 'athlete', 1, 150000, 150000)",
      [order.rows[0].id, formatId],
    );
    const stock = await client.query(
      "update format_stock set taken = taken + 1 where format_id = $1 and kind = 'athlete' and taken + 1 <= capacity returning taken",
      [formatId],
    );
    if (stock.rowCount === 0) throw new Error('sold out');
    await client.query('commit');
    return order.rows[0].id;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/**
 * The floor's process: Fastify, `pg` (the API's driver and pool size), one transaction per request.
 * pg is resolved from the server package (where the API gets it).
 */
const FLOOR = `
import { createRequire } from 'node:module';
const require = createRequire(process.env.SERVER_DIR + '/package.json');
const pg = require('pg');
const Fastify = (await import('fastify')).default;
const { floorPurchase } = await import(process.env.FLOOR_MODULE);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const [{ id: formatId }] = (await pool.query('select id from event_formats where public_id = $1', [process.env.FORMAT])).rows;
let n = 0;
const app = Fastify({ logger: false });
app.post('/floor', async (request, reply) => {
  const client = await pool.connect();
  try {
    return { order_id: await floorPurchase(client, formatId, process.pid + '_' + ++n) };
  } catch (error) {
    reply.code(400);
    return { message: String(error.message) };
  } finally {
    client.release();
  }
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('floor ready');
`;

export function startFloorServer(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', FLOOR], {
      cwd: dirname(fileURLToPath(import.meta.url)),
      env: { ...process.env, ...env, SERVER_DIR: serverDir, FLOOR_MODULE: import.meta.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('floor ready')) resolve(child);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`the floor exited (${code}):\n${output}`)));
  });
}
