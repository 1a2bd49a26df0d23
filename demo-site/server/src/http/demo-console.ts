import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactUrl } from './log-redaction';

/**
 * The demo's console (`npm start`, demo mode): readable lines a person follows, not pino's JSON.
 * One line per API call and per failure; static files, pages that load fine, cache revalidations
 * and successful polling are left out. Production keeps pino's JSON lines (log-redaction.ts).
 */

/** Calls a screen repeats while it waits (the outbox page, a payment's order): logged only when they fail. */
const POLLED = [/^\/dev\/outbox/, /^\/api\/order\/[^/]+$/, /^\/api\/user\/basket$/];

/** Whether a request earns a line in the demo console. */
export function worthALine(method: string, url: string, status: number): boolean {
  if (status >= 400) return true;
  const path = url.split('?')[0] ?? url;
  if (!path.startsWith('/api/')) return false;
  if (status === 304) return false;
  if (method === 'GET' && POLLED.some((pattern) => pattern.test(path))) return false;
  return true;
}

const time = (at: Date) => at.toTimeString().slice(0, 8);

/** `12:03:04  GET  /api/event/list  200  12 ms` — the URL redacted as in production. */
export function requestLine(method: string, url: string, status: number, ms: number, at = new Date()): string {
  return `${time(at)}  ${method.padEnd(6)} ${redactUrl(url)}  ${status}  ${Math.round(ms)} ms`;
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One of pino's JSON lines as a person reads it: the time, the level, the message and the error's. */
export function prettyLine(json: string): string {
  let entry: { time?: number; level?: number; msg?: string; err?: { type?: string; message?: string }; reqId?: string };
  try {
    entry = JSON.parse(json);
  } catch {
    return json.trimEnd();
  }
  const level = LEVELS[entry.level ?? 30] ?? String(entry.level);
  const error = entry.err ? ` — ${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}` : '';
  return `${time(new Date(entry.time ?? Date.now()))}  ${level.padEnd(5)} ${entry.msg ?? ''}${error}`;
}

/** Fastify's own line per request («incoming request», «request completed»): the demo console has its own. */
export function isRequestLog(json: string): boolean {
  try {
    const entry = JSON.parse(json) as { req?: unknown; res?: unknown; level?: number };
    return (entry.req !== undefined || entry.res !== undefined) && (entry.level ?? 30) < 40;
  } catch {
    return false;
  }
}

/** pino options for the demo: its own messages (warnings, errors) as readable lines, no per-request JSON. */
export function demoLoggerOptions(level: string, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {
  return {
    level,
    stream: {
      write: (chunk: string) => {
        if (!isRequestLog(chunk)) write(prettyLine(chunk));
      },
    },
  } satisfies FastifyServerOptions['logger'];
}

/** The demo console's request lines (Fastify's own per-request lines are dropped by demoLoggerOptions). */
export function installDemoConsole(app: FastifyInstance, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (worthALine(request.method, request.url, reply.statusCode)) {
      write(requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime));
    }
    done();
  });
}
