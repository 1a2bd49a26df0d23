import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { signNotification } from './features/payment/provider';
import { stablePublicId } from './lib/crypto';
import type { Body } from './testing/fixtures';

// The real server process (`pnpm start`'s main.ts), killed with SIGKILL between the hold and the
// payment's confirmation, then started again on the same data folder.
const dataDir = mkdtempSync(join(tmpdir(), 'gid-server-crash-'));
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const HOLD_MS = 10_000;
const format = stablePublicId('format:night-run/moscow/5k');
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<string> {
  // node itself (not the tsx wrapper, which would leave its child running when killed).
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      GID_DATA_DIR: dataDir,
      PAYMENT_HOLD_MS: String(HOLD_MS),
      // The sandbox provider is asked for explicitly (the server refuses to start without a provider).
      PAYMENT_PROVIDER: 'sandbox',
      // Letters stay in the outbox table (a production-shaped start refuses without a way to send them).
      MAIL_OUTBOX: '1',
      LOG_LEVEL: 'warn',
      WEB_DIR: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Server ready at (http:\/\/[\d.:]+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child!.stdout!.on('data', read);
    child!.stderr!.on('data', read);
    child!.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

const json = async (response: Response): Promise<Body> => response.json();

describe('a crash between hold and confirmation', () => {
  it('loses no paid order, issues no ticket twice, and releases expired holds after a restart', async () => {
    let url = await start();
    const left = async () => Number((await json(await fetch(`${url}/api/event_format/check/${format}`))).tickets_left);
    const before = await left();
    const pay = async (count: number) =>
      json(
        await fetch(`${url}/api/payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'crash@test.example', tickets: [{ format_public_id: format, ticket_count: count }] }),
        }),
      );
    const paid = await pay(2);
    const abandoned = await pay(3);
    expect(await left()).toBe(before - 5);

    const killed = child!.pid!;
    child!.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    // The server process itself is gone (no wrapper left a child holding the database).
    expect(() => process.kill(killed, 0)).toThrow();
    url = await start();

    // The provider took the money while the site was down: its signed notification arrives now (a
    // real provider retries until it is accepted), whether or not the hold has run out meanwhile.
    const secret = readFileSync(join(dataDir, 'keys', 'payment-sandbox.key'), 'utf8').trim();
    const notification = {
      event_id: `evt-${randomUUID()}`,
      payment_id: new URL(paid.redirect_url).pathname.split('/').pop()!,
      status: 'succeeded' as const,
      amount: Math.round(Number(paid.amount) * 100),
      ts: Math.floor(Date.now() / 1000),
    };
    const notify = () =>
      fetch(`${url}/api/payment/notification`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signNotification(secret, notification) },
        body: JSON.stringify(notification),
      });
    expect((await json(await notify())).status).toBe('paid');
    expect((await notify()).status).toBe(409);
    const order = await json(await fetch(`${url}/api/order/${paid.order_id}`));
    expect(order.status).toBe('paid');
    const lines = order.items.tickets;
    expect(lines[0]!.tickets).toHaveLength(2);

    // The abandoned order's hold runs out and the sweeper gives its three places back.
    const deadline = Date.now() + HOLD_MS * 3 + 5000;
    let status = '';
    while (Date.now() < deadline) {
      status = String((await json(await fetch(`${url}/api/order/${abandoned.order_id}`))).status);
      if (status === 'expired') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe('expired');
    expect(await left()).toBe(before - 2);
  }, 120_000);
});
