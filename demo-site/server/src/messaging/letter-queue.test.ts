import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { outboxMessages } from '../db/schema/index';
import { manualClock } from '../lib/clock';
import { openTemplateDatabase } from '../testing/fixtures';
import { createQueuedEmailSender, type LetterQueue, letterQueueState, smtpTransport, startLetterQueue } from './letter-queue';
import type { EmailSender } from './senders';

// Letters over SMTP from the outbox table as a durable queue, against a real SMTP server in this process.
interface Received {
  from: string;
  to: string[];
  raw: string;
}

let database: DatabaseHandle;
let smtp: SMTPServer;
let port = 0;
const received: Received[] = [];
/** What the SMTP server answers the next recipients: a code to refuse with, or accept. */
const refusals: number[] = [];
const clock = manualClock('2026-05-01T06:00:00.000Z');
let run = 0;
let sender: EmailSender;

const startSmtp = async (onPort = 0) => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const code = refusals.shift();
      if (code) return callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(onPort, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
};
const stopSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()));

beforeAll(async () => {
  database = await openTemplateDatabase();
  sender = createQueuedEmailSender(database.db, clock);
  await startSmtp();
});
afterAll(async () => {
  await stopSmtp();
  await database?.close();
});
beforeEach(async () => {
  received.length = 0;
  refusals.length = 0;
  run++;
  // Each test sees only its own letters.
  await database.db
    .update(outboxMessages)
    .set({ status: 'sent' })
    .where(inArray(outboxMessages.status, ['queued', 'sending']));
});

const queueOf = (options: { demo?: boolean; batch?: number } = {}): LetterQueue =>
  startLetterQueue({ db: database.db, clock }, smtpTransport(`smtp://127.0.0.1:${port}`, { timeoutMs: 2000 }), {
    from: 'Герои <noreply@geroi.example>',
    publicUrl: 'https://geroi.example',
    demo: options.demo ?? false,
    intervalMs: 60_000,
    batch: options.batch ?? 20,
    backoffMs: () => 30_000,
  });
const rowsTo = (to: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));
const address = (label: string) => `${label}.${run}@example.ru`;

describe('letters over SMTP', () => {
  it('delivers a letter with text and HTML parts from the named sender; a sent row keeps no link (production)', async () => {
    const queue = queueOf();
    try {
      const to = address('deliver');
      await sender.send({
        to,
        subject: 'Confirm your address',
        text: 'Follow https://geroi.example/verify/email/SECRET-CODE to confirm.',
        meta: { kind: 'confirm', link: 'https://geroi.example/verify/email/SECRET-CODE' },
      });
      expect(await queue.drain()).toBe(1);
      expect(received).toHaveLength(1);
      const [letter] = received;
      expect(letter!.to).toEqual([to]);
      expect(letter!.from).toBe('noreply@geroi.example');
      expect(letter!.raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(letter!.raw).toMatch(/Content-Type: text\/plain/i);
      expect(letter!.raw).toMatch(/Content-Type: text\/html/i);
      expect(letter!.raw).toMatch(/Message-ID: <letter-\d+\.[0-9a-f]{16}@geroi\.example>/i);
      expect(letter!.raw).not.toMatch(/List-Unsubscribe/i);
      const [row] = await rowsTo(to);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, html: null, meta: { kind: 'confirm' } });
      expect(row!.body).not.toContain('SECRET-CODE');
      expect(JSON.stringify(row!.meta)).not.toContain('SECRET-CODE');
    } finally {
      await queue.stop();
    }
  });

  it('demo mode keeps the text; a letter that is not transactional carries List-Unsubscribe', async () => {
    const queue = queueOf({ demo: true });
    try {
      const to = address('news');
      await sender.send({ to, subject: 'Season opens', text: 'News', transactional: false });
      await queue.drain();
      expect(received[0]!.raw).toMatch(/List-Unsubscribe: <https:\/\/geroi\.example\/me\/settings\?unsubscribe=1>/i);
      expect(received[0]!.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);
      expect((await rowsTo(to))[0]!.body).toBe('News');
    } finally {
      await queue.stop();
    }
  });

  it('one letter per idempotency key and recipient', async () => {
    const queue = queueOf();
    try {
      const to = address('once');
      await sender.send({ to, subject: 'Paid', text: 'Paid', key: `order-paid:${run}` });
      await sender.send({ to, subject: 'Paid', text: 'Paid', key: `order-paid:${run}` });
      await sender.send({ to: address('other'), subject: 'Paid', text: 'Paid', key: `order-paid:${run}` });
      await queue.drain();
      expect(received.filter((letter) => letter.to.includes(to))).toHaveLength(1);
      expect(received).toHaveLength(2);
    } finally {
      await queue.stop();
    }
  });

  it('a 4xx refusal is tried again after the backoff, then delivered once', async () => {
    const queue = queueOf();
    try {
      const to = address('later');
      refusals.push(451);
      await sender.send({ to, subject: 'Later', text: 'Later' });
      expect(await queue.drain()).toBe(0);
      const [refused] = await rowsTo(to);
      expect(refused).toMatchObject({ status: 'queued', attempts: 1 });
      expect(refused!.lastError).toMatch(/^451 /);
      // Not before the backoff.
      expect(await queue.drain()).toBe(0);
      clock.advance(30_001);
      expect(await queue.drain()).toBe(1);
      expect(received).toHaveLength(1);
      expect((await rowsTo(to))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await queue.stop();
    }
  });

  it('a 5xx is a bounce: recorded, not tried again', async () => {
    const queue = queueOf();
    try {
      const to = address('bounce');
      refusals.push(550);
      await sender.send({ to, subject: 'Bounce', text: 'Bounce' });
      await queue.drain();
      clock.advance(3_600_000);
      await queue.drain();
      const [row] = await rowsTo(to);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.lastError).toMatch(/^550 /);
      expect(received).toHaveLength(0);
      expect((await letterQueueState(database.db, clock.now())).byStatus.failed).toBeGreaterThanOrEqual(1);
    } finally {
      await queue.stop();
    }
  });

  it('the SMTP server down at send time: the letter waits, and leaves once it is back', async () => {
    const queue = queueOf();
    try {
      const to = address('down');
      const was = port;
      await stopSmtp();
      await sender.send({ to, subject: 'Down', text: 'Down' });
      expect(await queue.drain()).toBe(0);
      expect((await rowsTo(to))[0]).toMatchObject({ status: 'queued', attempts: 1 });
      const state = await letterQueueState(database.db, clock.now());
      expect(state.backlog).toBe(1);
      await startSmtp(was);
      clock.advance(30_001);
      expect(await queue.drain()).toBe(1);
      expect(received.map((letter) => letter.to[0])).toEqual([to]);
    } finally {
      await queue.stop();
    }
  });

  it('no letter lost or doubled across a restart: one process stops mid-queue, the next sends the rest; a letter taken by a dead process is taken again after its lease', async () => {
    const prefix = `restart.${run}`;
    for (let i = 0; i < 30; i++) await sender.send({ to: `${prefix}.${i}@example.ru`, subject: `Letter ${i}`, text: `Letter ${i}` });
    // A process that died holding a letter: taken, its lease run out.
    await sender.send({ to: `${prefix}.dead@example.ru`, subject: 'Taken by the dead', text: 'x' });
    await database.db
      .update(outboxMessages)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(clock.now().getTime() - 1) })
      .where(eq(outboxMessages.recipient, `${prefix}.dead@example.ru`));
    const first = queueOf({ batch: 4 });
    const during = first.drain();
    // Stopped once its first letter has left.
    while (received.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await first.stop();
    await during;
    const mid = await database.db.execute(
      sql`select count(*)::int as n from outbox_messages where recipient like ${`${prefix}.%`} and status = 'sending' and next_attempt_at > ${clock.now().toISOString()}::timestamptz`,
    );
    expect((mid as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const sentByFirst = received.length;
    expect(sentByFirst).toBeGreaterThan(0);
    expect(sentByFirst).toBeLessThanOrEqual(4);
    const second = queueOf();
    try {
      await second.drain();
    } finally {
      await second.stop();
    }
    const recipients = received.flatMap((letter) => letter.to);
    expect(recipients).toHaveLength(31);
    expect(new Set(recipients).size).toBe(31);
  });
});
