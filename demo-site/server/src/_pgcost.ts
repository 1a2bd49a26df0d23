import pg from 'pg';
import fs from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './db/schema/index';
import { readCheckout } from './features/payment/checkout-reads';
const url = process.argv[2]!; const fmt = process.argv[3]!;
const pool = new pg.Pool({ connectionString: url, max: 10 });
const db: any = drizzle({ client: pool, schema });
let captured: any;
const orig = db.session.prepareQuery.bind(db.session);
db.session.prepareQuery = (q: any, ...rest: any[]) => { captured = q; return orig(q, ...rest); };
const body: any = { email: 'x123@bench.example', tickets: [{ format_public_id: fmt, ticket_count: 1 }], shop: [], insurances: [], certificates: [], register: false };
await readCheckout(db, body, { email: body.email, ip: '10.0.3.4', now: new Date(), userId: null });
const cpu = () => { let t = 0; for (const d of fs.readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; let st; try { st = fs.readFileSync('/proc/' + d + '/stat', 'utf8'); } catch { continue; } if (!st.includes('(postgres)')) continue; const f = st.slice(st.lastIndexOf(')') + 2).split(' '); t += (Number(f[11]) + Number(f[12])) / 100; } return t; };
async function run(label: string, q: () => any, n = 4000) {
  const c0 = cpu(); const t0 = performance.now(); let i = 0;
  await Promise.all(Array.from({ length: 10 }, async () => { while (i++ < n) await pool.query(q()); }));
  console.log(label, 'pg cpu ms/stmt', ((cpu() - c0) * 1000 / n).toFixed(3), 'wall ms/stmt', ((performance.now() - t0) / n).toFixed(3));
}
await run('read', () => ({ name: 'r1', text: captured.sql, values: captured.params }));
await run('select 1', () => ({ name: 's1', text: 'select 1', values: [] }));
await run('read formats part only', () => ({ name: 'r2', text: `select (select count(*) from event_formats where public_id = $1)`, values: [fmt] }));


const pool2 = new pg.Pool({ connectionString: url, max: 10 });
const P = captured.params;
async function run3(label: string, text: string, values: unknown[], n = 3000) {
  const name = 'n' + Math.random().toString(36).slice(2);
  await pool2.query({ name, text, values });
  const c0 = cpu(); let i = 0;
  await Promise.all(Array.from({ length: 10 }, async () => { while (i++ < n) await pool2.query({ name, text, values }); }));
  console.log(label.padEnd(20), 'pg cpu ms/stmt', ((cpu() - c0) * 1000 / n).toFixed(3));
}
const sqlText: string = captured.sql;
const fStart = sqlText.indexOf('(select coalesce(jsonb_agg(jsonb_build_object(');
const fEnd = sqlText.indexOf(' as formats,');
await run3('formats', 'select ' + sqlText.slice(fStart, fEnd), [P[0]]);
await run3('formats no sizes', 'select ' + sqlText.slice(fStart, fEnd).replace(/'sizes', case[\s\S]*? end\)/, "'sizes', '[]'::jsonb)"), [P[0]]);
await run3('formats no stock', 'select ' + sqlText.slice(fStart, fEnd).replace(/'stock', \(select[^\n]*\n/, "'stock', '[]'::jsonb,\n"), [P[0]]);
await run3('formats only format', `select (select to_jsonb(f.*) from event_formats f where public_id = $1)`, [P[0]]);
await run3('3 rows to_jsonb', `select (select jsonb_build_object('f', to_jsonb(f.*), 'c', to_jsonb(c.*), 'e', to_jsonb(e.*)) from event_formats f join event_cities c on c.id = f.event_city_id join events e on e.id = c.event_id where f.public_id = $1)`, [P[0]]);
await run3('sales', `select (select coalesce(jsonb_agg(to_jsonb("sales".*)), '[]'::jsonb) from "sales" where "sales"."active" = $1)`, [P[1]]);
const hStart = sqlText.indexOf('(select jsonb_build_object(\n        \'by_email\''); const hEnd = sqlText.indexOf(' as held,');
await run3('held', 'select ' + sqlText.slice(hStart, hEnd).replaceAll('$3','$1').replaceAll('$4','$2').replaceAll('$5','$3').replaceAll('$6','$4').replaceAll('$7','$5').replaceAll('$8','$6'), P.slice(2, 8));
const bStart = sqlText.indexOf('(select coalesce(jsonb_agg(jsonb_build_array'); const bEnd = sqlText.lastIndexOf(' as bought');
await run3('bought', 'select ' + sqlText.slice(bStart, bEnd).replaceAll('$10','$1').replaceAll('$11','$2').replaceAll('$12','$3'), P.slice(9, 12));
await pool2.end();
