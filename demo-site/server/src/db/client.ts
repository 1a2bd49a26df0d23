import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { countRoundTrips } from './round-trips';
import * as schema from './schema/index';

export type Schema = typeof schema;

/** The one query layer: the same drizzle API over embedded PGlite or a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * PostgreSQL: opens the pool's connections now (best effort), so that a rush does not open them
   * under load — each open is a handshake that the connect timeout may cut on a busy machine.
   */
  warm?(): Promise<void>;
}

export interface PgliteOptions {
  /** A folder for the database files; in memory without one. */
  dataDir?: string;
  /**
   * A new `dataDir` starts as a copy of this data folder when it holds a database (the built server's
   * `dist/pglite-template` by default; `null`: initdb).
   */
  template?: string | null;
  /** A tarball from `dumpDataDir` to start from (tests clone a migrated, seeded template this way). */
  loadDataDir?: Blob;
  /**
   * PostgreSQL's `shared_buffers` inside PGlite (`16MB`). PGlite's own default (160 MB) is touched at
   * open and was ~120 MiB of the server's RSS; the seeded database is ~11 MB, and pages beyond the
   * buffers are read from the operating system's file cache.
   */
  sharedBuffers?: string;
}

/** The shared_buffers PGlite runs with here (see `PgliteOptions.sharedBuffers`). */
export const PGLITE_SHARED_BUFFERS = '16MB';

const initdbScript = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
/** The built server's migrated empty database (build.mjs), which a first start copies; src/ has none. */
const builtTemplate = fileURLToPath(new URL('./pglite-template', import.meta.url));

/**
 * A folder without a database yet is created (initdb) by a short-lived child process: PGlite's
 * initdb runs a second wasm instance and peaks near 800 MiB, and a process keeps most of that after
 * it is done (measured: 235 MiB left after a worker thread ran it). Only the data folder is shared.
 */
async function initdbInChild(dataDir: string): Promise<void> {
  await new Promise<void>((resolveInit, reject) => {
    const child = spawn(process.execPath, [initdbScript, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolveInit() : reject(new Error(`PGlite initdb failed (${code}): ${stderr.trim()}`))));
  });
}

export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle & { client: PGlite }> {
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    if (!options.loadDataDir && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
      const template = options.template === undefined ? builtTemplate : options.template;
      // A copy of the build's template (~0.1 s) instead of initdb (~4 s); the migrations after it run as usual.
      // Copied beside it and renamed into place, so that a start cut short never leaves half a database.
      if (template && existsSync(join(template, 'PG_VERSION'))) {
        const copy = `${options.dataDir}.copy-${process.pid}`;
        rmSync(copy, { recursive: true, force: true });
        cpSync(template, copy, { recursive: true });
        rmdirSync(options.dataDir);
        renameSync(copy, options.dataDir);
      } else await initdbInChild(options.dataDir);
    }
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return { db, kind: 'pglite', client, close: () => client.close() };
}

export interface PostgresOptions {
  /** Connections in the pool (10). */
  max?: number;
  /**
   * Any one statement, lock waits included, is cut after this long (PostgreSQL's `statement_timeout`,
   * 10 s; `DATABASE_STATEMENT_TIMEOUT_MS`): a hung statement answers «Произошла ошибка, попробуйте
   * позже» instead of holding its connection and its caller.
   */
  statementTimeoutMs?: number;
  /**
   * How long opening a connection may take (2 s): a database host that does not answer fails calls
   * quickly. (A stopped database refuses at once.) Waiting for a free pooled connection is not limited.
   */
  connectionTimeoutMs?: number;
  /** Told of each connection the database ended (a restart, a failover); the pool replaces it on the next call. */
  onConnectionLost?: (error: Error) => void;
  /** Count every statement sent (`round-trips.ts`; the payment bench's figure). */
  countRoundTrips?: boolean;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

/**
 * A pool that survives the database going away: a connection the server ends (`pg_ctl restart`, a
 * failover: «terminating connection due to administrator command») emits `error` on its client —
 * idle in the pool or checked out between a transaction's statements. Unheard, that event ends the
 * process; here every client has a listener, the pool drops the dead client, and the next call
 * connects afresh (refused at once while the database is down: the call answers 503).
 */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<DatabaseHandle & { pool: pg.Pool }> {
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const connectTimeout = options.connectionTimeoutMs ?? 2000;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // The connect timeout on the client only: the pool's own `connectionTimeoutMillis` would also cut
    // the wait for a free connection, and a rush (5,000 buyers queueing on 10 connections) would then
    // be answered 503 instead of being served in turn.
    Client: class extends pg.Client {
      constructor(config?: string | pg.ClientConfig) {
        super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectTimeout });
      }
    },
    // Set per session at connect: the server cuts a statement (and a lock wait) running this long.
    statement_timeout: statementTimeout,
    // A transaction left open by a caller that stopped (a lost socket mid-transaction) frees its locks.
    idle_in_transaction_session_timeout: Math.max(statementTimeout, 10_000),
    keepAlive: true,
    // Idle connections stay open (pg-pool closes them after 10 s by default): a rush after a quiet
    // minute then finds them ready instead of opening ten under load. One the database ends is dropped.
    idleTimeoutMillis: 0,
  });
  const lost = options.onConnectionLost ?? (() => undefined);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  if (options.countRoundTrips) countRoundTrips(pool);
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  const max = options.max ?? 10;
  const warm = async () => {
    const clients = await Promise.allSettled(Array.from({ length: max }, () => pool.connect()));
    for (const client of clients) if (client.status === 'fulfilled') client.value.release();
  };
  return { db, kind: 'postgres', pool, close: () => pool.end(), warm };
}

/** SQLSTATEs of a database that is away or cut a statement: 08xxx connection, 57P0x shutdown, 57014 cancel, 53300 full. */
const unavailableStates = /^(08...|57P0.|57014|53300)$/;
const unavailableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
]);
const unavailableTexts = [
  // node-postgres's connect timeout (`connectionTimeoutMillis`) on a database host that is slow to answer.
  'timeout expired',
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/**
 * Whether an error (node-postgres's, possibly wrapped by drizzle) means the database could not be
 * reached or cut the statement — a fault of the moment, not of the request: the call answers 503
 * «Произошла ошибка, попробуйте позже», and the same call works again once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableStates.test(code) || unavailableErrnos.has(code))) return true;
    if (typeof message === 'string' && unavailableTexts.some((text) => message.includes(text))) return true;
    // AggregateError (a host with several addresses) carries its causes in `errors`.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
