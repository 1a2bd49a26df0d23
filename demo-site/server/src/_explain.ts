import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './db/schema/index';
import { readCheckout } from './features/payment/checkout-reads';
const url = process.argv[2]!; const fmt = process.argv[3]!;
const pool = new pg.Pool({ connectionString: url });
const db: any = drizzle({ client: pool, schema });
let captured: any;
const orig = db.session.prepareQuery.bind(db.session);
db.session.prepareQuery = (q: any, ...rest: any[]) => { captured = q; return orig(q, ...rest); };
const body: any = { email: 'x123@bench.example', tickets: [{ format_public_id: fmt, ticket_count: 1 }], shop: [], insurances: [], certificates: [], register: false };
await readCheckout(db, body, { email: body.email, ip: '10.0.3.4', now: new Date(), userId: null });
const c = await pool.connect();
await c.query(`prepare s as ${captured.sql}`, );
const params = captured.params.map((p: any) => p instanceof Date ? `'${p.toISOString()}'` : typeof p === 'string' ? `'${p}'` : p === null ? 'null' : String(p));
for (let i = 0; i < 6; i++) await c.query(`execute s(${params.join(',')})`);
const r = await c.query(`explain (analyze, buffers) execute s(${params.join(',')})`);
console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
console.log((await c.query('select count(*) from orders')).rows, (await c.query('select count(*) from order_items')).rows);
c.release(); await pool.end();
{
const p2 = new pg.Pool({ connectionString: url });
const c2 = await p2.connect();
await c2.query(`prepare s as ${captured.sql}`);
const r2 = await c2.query(`select length(t::text) as n from (execute s(1)) t`).catch(()=>null);
const rr = await c2.query({ text: captured.sql, values: captured.params });
console.log('result bytes', JSON.stringify(rr.rows[0]).length, Object.entries(rr.rows[0]).map(([k,v])=>k+':'+JSON.stringify(v).length).join(' '));
c2.release(); await p2.end();
}
