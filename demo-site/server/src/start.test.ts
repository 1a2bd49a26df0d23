import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from './db/schema/index';
import type { PaymentProvider } from './features/payment/provider';
import { manualClock } from './lib/clock';
import { noPaymentProvider, startServer } from './start';

/** A stand-in for a real provider (its calls are never reached here). */
const realProvider: PaymentProvider = {
  name: 'real',
  create: async () => ({ redirectUrl: 'https://pay.example/', providerPaymentId: 'real-1' }),
  refund: async () => ({ outcome: 'pending', refundId: null }),
  confirm: async () => null,
  status: async () => null,
};

import { SEED_DATE } from './testing/fixtures';

// The real start path: a data folder created, migrated and seeded on first start, kept on restart.
const dataDir = mkdtempSync(join(tmpdir(), 'gid-server-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Demo mode and the sandbox are asked for explicitly, as `npm start` does.
const options = {
  port: 0,
  dataDir,
  clock: manualClock(SEED_DATE),
  config: { scrypt: { N: 1024, r: 8, p: 1 }, demo: true, sandbox: true },
};

describe('startServer', () => {
  it('listens on a free port, seeds on first start, and keeps the data on restart', async () => {
    const first = await startServer(options);
    try {
      expect(first.seeded).toBe(true);
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const events = await fetch(`${first.url}/api/event/list`);
      expect(events.status).toBe(200);
      expect(events.headers.get('x-content-type-options')).toBe('nosniff');
      const registered = await fetch(`${first.url}/api/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'restart@test.example', password: 'Restart1' }),
      });
      expect(registered.status).toBe(200);
      const outbox = (await (await fetch(`${first.url}/dev/outbox.json?to=restart@test.example`)).json()) as {
        values: { meta: { link: string } }[];
      };
      expect(outbox.values[0]!.meta.link.startsWith(`${first.url}/verify/email/`)).toBe(true);
      const page = await fetch(`${first.url}/dev/outbox`);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('Подтвердите почту');

      // The demo account's first-start purchases, made through the payment path.
      const demo = (await (
        await fetch(`${first.url}/api/auth`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@geroi.example', password: 'Demo1234' }),
        })
      ).json()) as { token: string };
      const authorised = { headers: { authorization: `Bearer ${demo.token}` } };
      const list = async (path: string) =>
        ((await (await fetch(`${first.url}${path}`, authorised)).json()) as { values: unknown[] }).values;
      expect(await list('/api/user/tickets/my')).toHaveLength(2);
      expect(await list('/api/user/tickets/old')).toHaveLength(1);
      expect(await list('/api/user/insurances/valid')).toHaveLength(2);
      expect(await list('/api/user/shop/orders')).toEqual([expect.objectContaining({ status: 'delivered' })]);
    } finally {
      await first.close();
    }

    const second = await startServer({ ...options, config: { ...options.config, demo: false, sandbox: false }, payments: realProvider });
    try {
      expect(second.seeded).toBe(false);
      const login = await fetch(`${second.url}/api/auth`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'restart@test.example', password: 'Restart1' }),
      });
      expect(login.status).toBe(418);
      expect((await fetch(`${second.url}/dev/outbox.json`)).status).toBe(404);
      // The sandbox is not the provider: its pay routes are not there to mark orders paid.
      const orders = await second.deps.db.select({ paymentId: schema.orders.paymentId }).from(schema.orders).limit(1);
      expect((await fetch(`${second.url}/sandbox/pay/${orders[0]!.paymentId}/pay`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${second.url}/sandbox/pay/${orders[0]!.paymentId}`)).status).toBe(404);
    } finally {
      await second.close();
    }
    // Two first-start seeds and scrypt at N=2^17 on a shared machine.
  }, 90_000);

  it('production-shaped by default: refuses to start without a payment provider', async () => {
    await expect(startServer({ port: 0, config: { scrypt: { N: 1024, r: 8, p: 1 } } })).rejects.toThrow(noPaymentProvider);
  });

  it('without demo mode a fresh database has no demo accounts and no outbox', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'gid-server-prod-'));
    const server = await startServer({ port: 0, dataDir: fresh, clock: manualClock(SEED_DATE), payments: realProvider });
    try {
      const login = await fetch(`${server.url}/api/auth`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@geroi.example', password: 'Demo1234' }),
      });
      expect(login.status).toBe(400);
      expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/event/list`)).status).toBe(200);
    } finally {
      await server.close();
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
