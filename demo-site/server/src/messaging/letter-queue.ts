import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, lte, min, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client';
import { rowsOf } from '../db/json-rows';
import { outboxMessages } from '../db/schema/index';
import type { Clock } from '../lib/clock';
import type { EmailMessage, EmailSender } from './senders';

/**
 * The letters' durable queue: the outbox table. A send is a committed row (`queued`); the queue takes
 * rows (`sending`, leased until `next_attempt_at`, so a process that dies mid-send hands them back),
 * sends each over SMTP and marks it `sent` — at least once, and once per idempotency key and recipient.
 * A 4xx refusal or a server that cannot be reached is tried again with a doubling backoff; a 5xx is a
 * bounce, recorded (`failed`, `last_error`). Outside demo mode a sent row keeps no text, link or code.
 */

/** One letter as the transport sends it. */
export interface OutgoingLetter {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  messageId: string;
}

/** Sends one letter; throws on refusal with the server's `responseCode` (nodemailer's errors carry it). */
export interface LetterTransport {
  send(letter: OutgoingLetter): Promise<void>;
  close?(): void;
}

/**
 * SMTP through nodemailer: `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…:465`), over a pool of
 * connections kept open (`maxConnections`, 5 by default; the URL's own `pool=`/`maxConnections=` win).
 */
export function smtpTransport(url: string, options: { timeoutMs?: number; maxConnections?: number } = {}): LetterTransport {
  const timeout = options.timeoutMs ?? 30_000;
  const pooled = /[?&]pool=/.test(url)
    ? url
    : `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=${options.maxConnections ?? 5}`;
  const transporter = nodemailer.createTransport(pooled, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  return {
    send: async (letter) => {
      await transporter.sendMail({
        from: letter.from,
        to: letter.to,
        subject: letter.subject,
        text: letter.text,
        html: letter.html,
        headers: letter.headers,
        messageId: letter.messageId,
      });
    },
    close: () => transporter.close(),
  };
}

export interface LetterQueueOptions {
  /** The named sender (`MAIL_FROM`, e.g. `Герои <noreply@geroi.example>`). */
  from: string;
  publicUrl: string;
  /** Demo mode keeps a sent letter's text (the dev outbox shows it); production keeps no link or code. */
  demo: boolean;
  /** How often the queue looks for due letters (it is also woken by each send). */
  intervalMs?: number;
  /** Letters taken per pass. */
  batch?: number;
  /** Letters of a pass sent at once (the SMTP pool's connections). */
  concurrency?: number;
  /** How long a taken letter is this process's before another may take it (a crash mid-send). */
  leaseMs?: number;
  /** Tries before a letter the server keeps refusing for now is given up (`failed`). */
  maxAttempts?: number;
  /** The wait before try `attempt + 1` (30 s doubling, at most an hour, by default). */
  backoffMs?: (attempt: number) => number;
  /** Told of each outcome (the metrics count them). */
  onOutcome?: (outcome: 'sent' | 'retry' | 'failed') => void;
  onError?: (error: unknown) => void;
}

export interface LetterQueue {
  /** One pass now: takes due letters and sends them; answers how many were sent. */
  drain(): Promise<number>;
  /** A pass soon (a letter was just queued). */
  kick(): void;
  /** Stops taking letters; resolves when the pass under way has finished (nothing half-sent is left taken). */
  stop(): Promise<void>;
}

type Row = typeof outboxMessages.$inferSelect;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML part of a plain-text letter: paragraphs kept, links made links. */
export function htmlOf(text: string): string {
  const body = escapeHtml(text)
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>').replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>`)
    .join('\n');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">${body}</body></html>`;
}

const defaultBackoff = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));

/** What a sent letter keeps outside demo mode: who, what about, when — no text, link or code. */
const SENT_TEXT = '(письмо отправлено; текст не хранится)';
const keptMeta = (meta: Record<string, string>) =>
  Object.fromEntries(Object.entries(meta).filter(([key]) => key === 'kind' || key === 'order'));

/** The queued sender: a send is a `queued` row (once per key and recipient), the queue woken. */
export function createQueuedEmailSender(db: Database, clock: Clock, wake: () => void = () => undefined): EmailSender {
  return {
    send: async (message: EmailMessage) => {
      const now = clock.now();
      await db
        .insert(outboxMessages)
        .values({
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          html: message.html ?? null,
          meta: message.meta ?? {},
          createdAt: now,
          status: 'queued',
          nextAttemptAt: now,
          transactional: message.transactional ?? true,
          idempotencyKey: message.key ? `${message.key} ${message.to.toLowerCase()}` : null,
        })
        .onConflictDoNothing();
      wake();
    },
  };
}

export function startLetterQueue(
  deps: { db: Database; clock: Clock },
  transport: LetterTransport,
  options: LetterQueueOptions,
): LetterQueue {
  const { db, clock } = deps;
  const batch = options.batch ?? 20;
  const concurrency = Math.max(1, options.concurrency ?? 5);
  const leaseMs = options.leaseMs ?? 120_000;
  const maxAttempts = options.maxAttempts ?? 12;
  const backoffMs = options.backoffMs ?? defaultBackoff;
  const onOutcome = options.onOutcome ?? (() => undefined);
  const onError = options.onError ?? ((error: unknown) => console.error('letter queue:', error));
  const domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'localhost';
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;

  /** Takes due letters for this process: queued ones due now, and taken ones whose lease ran out. */
  const take = async (): Promise<Row[]> => {
    const now = clock.now();
    const result = await db.execute(sql`
      update outbox_messages set status = 'sending', attempts = attempts + 1,
        next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
      where id in (
        select id from outbox_messages
        where channel = 'email' and status in ('queued', 'sending') and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by id limit ${batch} for update skip locked)
      returning id`);
    const ids = rowsOf<{ id: number }>(result).map((row) => Number(row.id));
    if (ids.length === 0) return [];
    return db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids)).orderBy(asc(outboxMessages.id));
  };

  const letterOf = (row: Row): OutgoingLetter => {
    const headers: Record<string, string> = {};
    if (!row.transactional) {
      // A letter's own one-click link when it has one (an organiser's letter: POST unsubscribes, RFC 8058).
      const link = row.meta?.unsubscribe ?? `${options.publicUrl}/me/settings?unsubscribe=1`;
      headers['List-Unsubscribe'] =
        `<${link}>, <mailto:${/<?([^<>\s]+@[^<>\s]+)>?\s*$/.exec(options.from)?.[1] ?? options.from}?subject=unsubscribe>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    // One Message-ID per letter: a letter sent again (after a crash mid-send) is recognisably the same.
    const tag = createHash('sha256')
      .update(`${row.id} ${row.idempotencyKey ?? ''} ${row.createdAt.toISOString()}`)
      .digest('hex')
      .slice(0, 16);
    return {
      from: options.from,
      to: row.recipient,
      subject: row.subject ?? '',
      text: row.body,
      html: row.html ?? htmlOf(row.body),
      headers,
      messageId: `<letter-${row.id}.${tag}@${domain}>`,
    };
  };

  const settle = async (row: Row, error: unknown) => {
    const now = clock.now();
    if (error === null) {
      await db
        .update(outboxMessages)
        .set({
          status: 'sent',
          sentAt: now,
          nextAttemptAt: null,
          lastError: null,
          ...(options.demo ? {} : { body: SENT_TEXT, html: null, meta: keptMeta(row.meta) }),
        })
        .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'sending')));
      onOutcome('sent');
      return;
    }
    const code = Number((error as { responseCode?: unknown }).responseCode);
    const reason = `${Number.isFinite(code) && code > 0 ? `${code} ` : ''}${(error as Error).message ?? String(error)}`.slice(0, 500);
    const bounced = code >= 500 && code < 600;
    const givenUp = bounced || row.attempts >= maxAttempts;
    await db
      .update(outboxMessages)
      .set(
        givenUp
          ? { status: 'failed', nextAttemptAt: null, lastError: reason }
          : { status: 'queued', nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)), lastError: reason },
      )
      .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'sending')));
    onOutcome(givenUp ? 'failed' : 'retry');
  };

  const pass = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      if (stopped) return sent;
      const rows = await take();
      if (rows.length === 0) return sent;
      for (let at = 0; at < rows.length; at += concurrency) {
        const outcomes = await Promise.all(
          rows.slice(at, at + concurrency).map(async (row) => {
            let failure: unknown = null;
            try {
              await transport.send(letterOf(row));
            } catch (error) {
              failure = error;
            }
            await settle(row, failure);
            return failure === null;
          }),
        );
        sent += outcomes.filter(Boolean).length;
      }
      if (rows.length < batch) return sent;
    }
  };

  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = null;
      if (again && !stopped) {
        again = false;
        void drain().catch(onError);
      }
    });
    return running;
  };

  const timer = setInterval(() => void drain().catch(onError), options.intervalMs ?? 1000);
  timer.unref();
  return {
    drain,
    kick: () => void drain().catch(onError),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
      transport.close?.();
    },
  };
}

/** The queue as an operator sees it: letters per status, the oldest waiting one's age, the latest failures. */
export async function letterQueueState(db: Database, now: Date) {
  const counts = await db
    .select({ status: outboxMessages.status, n: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.channel, 'email'))
    .groupBy(outboxMessages.status);
  const [oldest] = await db
    .select({ at: min(outboxMessages.createdAt) })
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.status, ['queued', 'sending']), lte(outboxMessages.createdAt, now)));
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.n)]));
  return {
    byStatus,
    backlog: (byStatus.queued ?? 0) + (byStatus.sending ?? 0),
    oldestWaitingSeconds: oldest?.at ? Math.max(0, (now.getTime() - new Date(oldest.at).getTime()) / 1000) : 0,
  };
}
