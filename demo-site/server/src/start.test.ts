import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from './lib/clock';
import { startServer } from './start';
import { SEED_DATE } from './testing/fixtures';

// The real start path: a data folder created, migrated and seeded on first start, kept on restart.
const dataDir = mkdtempSync(join(tmpdir(), 'gid-server-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const options = { port: 0, dataDir, clock: manualClock(SEED_DATE), config: { scrypt: { N: 1024, r: 8, p: 1 } } };

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

    const second = await startServer({ ...options, config: { ...options.config, demo: false } });
    try {
      expect(second.seeded).toBe(false);
      const login = await fetch(`${second.url}/api/auth`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'restart@test.example', password: 'Restart1' }),
      });
      expect(login.status).toBe(418);
      expect((await fetch(`${second.url}/dev/outbox.json`)).status).toBe(404);
    } finally {
      await second.close();
    }
  });
});
