import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CompactSign, compactVerify, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK } from 'jose';

/** jose's key type (a WebCrypto key; the server's tsconfig has no DOM lib to name it). */
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

import type { Database } from '../../db/client';
import { eventKeys } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import type { PublicEventKey } from './wire';

export type { PublicEventKey } from './wire';

/**
 * The signed ticket code a QR holds (issue 24): a compact JWS (EdDSA over Ed25519, the event city's
 * key, its `kid` in the header) of `{ t: ticket, e: event city, f: format, v: version }` — public ids.
 * A scanner holding the event's public keys tells a real code from a forged one without the network.
 */
export interface TicketCode {
  /** The ticket's public id. */
  t: string;
  /** The event city's public id. */
  e: string;
  /** The format's public id. */
  f: string;
  /** The ticket's code version: a code of an older version was replaced (transfer, return, re-issue). */
  v: number;
}

const ALG = 'EdDSA';

// Imported keys are immutable (a kid names one key for ever): kept for the process's life.
const privateKeys = new Map<string, Promise<SigningKey>>();
const publicKeys = new Map<string, { eventCityId: number; key: Promise<SigningKey>; readAt: number }>();

async function createKey(db: Database, clock: Clock, eventCityId: number): Promise<void> {
  const pair = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
  const kid = randomBytes(9).toString('base64url');
  const publicJwk = await exportJWK(pair.publicKey);
  const privateJwk = await exportJWK(pair.privateKey);
  // Two processes may create at once: the partial unique index keeps one active key per event city.
  await db
    .insert(eventKeys)
    .values({
      kid,
      eventCityId,
      publicJwk: { ...publicJwk, kid, alg: ALG } as unknown as Record<string, string>,
      privateJwk: privateJwk as unknown as Record<string, string>,
      createdAt: clock.now(),
    })
    .onConflictDoNothing();
}

/** The event city's signing key, generated and stored on first need. */
export async function activeKey(db: Database, clock: Clock, eventCityId: number): Promise<{ kid: string; key: SigningKey }> {
  const find = () =>
    db
      .select({ kid: eventKeys.kid, privateJwk: eventKeys.privateJwk })
      .from(eventKeys)
      .where(and(eq(eventKeys.eventCityId, eventCityId), isNull(eventKeys.retiredAt)));
  let [row] = await find();
  if (!row) {
    await createKey(db, clock, eventCityId);
    [row] = await find();
  }
  const { kid, privateJwk } = row!;
  let key = privateKeys.get(kid);
  if (!key) {
    key = importJWK({ ...privateJwk, alg: ALG }, ALG) as Promise<SigningKey>;
    privateKeys.set(kid, key);
  }
  return { kid, key: await key };
}

/**
 * Retires the event city's signing key and makes a new one. Codes signed before still verify (the old
 * public key stays in the list scanners download); codes shown from now on carry the new kid.
 */
export async function rotateEventKey(db: Database, clock: Clock, eventCityId: number): Promise<string> {
  await db
    .update(eventKeys)
    .set({ retiredAt: clock.now() })
    .where(and(eq(eventKeys.eventCityId, eventCityId), isNull(eventKeys.retiredAt)));
  return (await activeKey(db, clock, eventCityId)).kid;
}

/**
 * Revokes a key by its kid (issue 33): it signs nothing more (a new key is made on the next need) and its
 * codes are refused — at once in this process, within REVOCATION_RECHECK_MS in the others. Answers the
 * key's event city, or null for an unknown kid.
 */
export async function revokeEventKey(db: Database, clock: Clock, kid: string): Promise<{ eventCityId: number } | null> {
  const now = clock.now();
  const [row] = await db
    .update(eventKeys)
    .set({ revokedAt: now, retiredAt: sql`coalesce(${eventKeys.retiredAt}, ${now})` })
    .where(eq(eventKeys.kid, kid))
    .returning({ eventCityId: eventKeys.eventCityId });
  publicKeys.delete(kid);
  return row ?? null;
}

/** How long a process trusts what it read of a key before it reads its revocation again. */
export const REVOCATION_RECHECK_MS = 60_000;

/** Every public key of the event city that is not revoked, the active one first. */
export async function publicEventKeys(db: Database, clock: Clock, eventCityId: number): Promise<PublicEventKey[]> {
  await activeKey(db, clock, eventCityId);
  const rows = await db
    .select({ kid: eventKeys.kid, jwk: eventKeys.publicJwk, retiredAt: eventKeys.retiredAt })
    .from(eventKeys)
    .where(and(eq(eventKeys.eventCityId, eventCityId), isNull(eventKeys.revokedAt)));
  return rows
    .map((row) => ({ kid: row.kid, jwk: row.jwk as unknown as PublicEventKey['jwk'], active: row.retiredAt === null }))
    .sort((a, b) => Number(b.active) - Number(a.active));
}

const encoder = new TextEncoder();

/** Signs a ticket code with the event city's active key (Ed25519 is deterministic: the same code each time). */
export async function signTicketCode(db: Database, clock: Clock, eventCityId: number, code: TicketCode): Promise<string> {
  const { kid, key } = await activeKey(db, clock, eventCityId);
  const payload = JSON.stringify({ t: code.t, e: code.e, f: code.f, v: code.v });
  return new CompactSign(encoder.encode(payload)).setProtectedHeader({ alg: ALG, kid }).sign(key);
}

const isCode = (value: unknown): value is TicketCode => {
  const code = value as TicketCode;
  return (
    typeof code === 'object' &&
    code !== null &&
    typeof code.t === 'string' &&
    typeof code.e === 'string' &&
    typeof code.f === 'string' &&
    Number.isInteger(code.v) &&
    code.v > 0
  );
};

/**
 * The code's content when its signature is one of our event keys' and the key belongs to the code's
 * event city; null for anything else (forged, altered, unknown key, not a code at all).
 */
export async function verifyTicketCode(db: Database, qr: string): Promise<{ code: TicketCode; eventCityId: number } | null> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(qr);
    if (header.alg !== ALG || typeof header.kid !== 'string') return null;
    kid = header.kid;
  } catch {
    return null;
  }
  // A kid names one key of one event city for ever: found once per process; only whether it was revoked
  // is read again, once a minute at most (issue 33), not on every scan.
  let known = publicKeys.get(kid);
  if (!known || Date.now() - known.readAt >= REVOCATION_RECHECK_MS) {
    const [row] = await db
      .select({ eventCityId: eventKeys.eventCityId, jwk: eventKeys.publicJwk, revokedAt: eventKeys.revokedAt })
      .from(eventKeys)
      .where(eq(eventKeys.kid, kid));
    if (!row || row.revokedAt !== null) {
      publicKeys.delete(kid);
      return null;
    }
    known = {
      eventCityId: row.eventCityId,
      key: known?.key ?? (importJWK({ ...row.jwk, alg: ALG }, ALG) as Promise<SigningKey>),
      readAt: Date.now(),
    };
    publicKeys.set(kid, known);
  }
  try {
    const { payload } = await compactVerify(qr, await known.key, { algorithms: [ALG] });
    const code: unknown = JSON.parse(new TextDecoder().decode(payload));
    return isCode(code) ? { code, eventCityId: known.eventCityId } : null;
  } catch {
    return null;
  }
}
