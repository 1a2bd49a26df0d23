import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema/index';
import type { RequestMeta } from '../../http/request';
import type { Clock } from '../../lib/clock';
import { newPublicId, newToken, sha256 } from '../../lib/crypto';
import type { GeoLocator } from '../../lib/geo';
import { describeUserAgent } from '../../lib/user-agent';
import { presentUser, type UserResponse, type UserRow } from '../users/service';

/** How a person signed in; shown on the sessions page and kept for every sign-in. */
export type SignInMethod = 'email' | 'sms' | 'vk' | 'google' | 'gid';

export interface SessionDeps {
  db: Database;
  clock: Clock;
  geo: GeoLocator;
  config: ServerConfig;
}

export interface SignedIn {
  token: string;
  user: UserResponse;
}

export interface Authenticated {
  user: UserRow;
  sessionId: number;
}

/** Opens a session: a random opaque token for the client, its sha-256 with where and how in the database. */
export async function createSession(deps: SessionDeps, user: UserRow, method: SignInMethod, meta: RequestMeta): Promise<SignedIn> {
  const token = newToken();
  const now = deps.clock.now();
  const place = deps.geo.locate(meta.ip);
  const agent = describeUserAgent(meta.userAgent);
  await deps.db.insert(sessions).values({
    publicId: newPublicId(),
    userId: user.id,
    tokenHash: sha256(token),
    method,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent ?? null,
    os: agent.os,
    browser: agent.browser,
    city: place.city,
    country: place.country,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + deps.config.sessionTtlMs),
  });
  return { token, user: presentUser(user) };
}

/** How stale `last_used_at` may get before a use writes it again (one write a minute, not one a request). */
const touchEveryMs = 60_000;

/**
 * The user behind a token, if the session is neither revoked, expired (absolute lifetime) nor idle for
 * longer than `sessionIdleMs`. A use moves its idle clock on.
 */
export async function authenticate(
  deps: { db: Database; clock: Clock; config?: Pick<ServerConfig, 'sessionIdleMs'> },
  token: string,
): Promise<Authenticated | null> {
  const now = deps.clock.now();
  const idleMs = deps.config?.sessionIdleMs ?? 30 * 86_400_000;
  const [row] = await deps.db
    .select({ user: users, sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, createdAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) return null;
  const lastUsed = row.lastUsedAt ?? row.createdAt;
  if (now.getTime() - lastUsed.getTime() >= idleMs) return null;
  if (now.getTime() - lastUsed.getTime() >= touchEveryMs) {
    await deps.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, sessionId: row.sessionId };
}

export async function revokeSession(deps: { db: Database; clock: Clock }, sessionId: number): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (after a password reset), or every other one (after a password change). */
export async function revokeUserSessions(deps: { db: Database; clock: Clock }, userId: number, keepSessionId?: number): Promise<void> {
  const open = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  for (const { id } of open) if (id !== keepSessionId) await revokeSession(deps, id);
}

/** accounts-sso §3 session record: city, country, temp (the date), os, browser, method. Newest first. */
export async function sessionHistory(
  deps: { db: Database; clock: Clock; config?: Pick<ServerConfig, 'sessionIdleMs'> },
  auth: Authenticated,
) {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, auth.user.id))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(100);
  const now = deps.clock.now();
  return rows.map((row) => ({
    public_id: row.publicId,
    city: row.city,
    country: row.country,
    temp: row.createdAt.toISOString(),
    os: row.os,
    browser: row.browser,
    method: row.method,
    active:
      row.revokedAt === null &&
      row.expiresAt > now &&
      now.getTime() - (row.lastUsedAt ?? row.createdAt).getTime() < (deps.config?.sessionIdleMs ?? 30 * 86_400_000),
    current: row.id === auth.sessionId,
  }));
}
