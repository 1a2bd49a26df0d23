import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { type Authenticated, authenticate } from '../features/sessions/service';
import type { Clock } from '../lib/clock';
import { unauthorized } from '../lib/errors';
import { bearerToken } from './request';

/** The signed-in user of a request, or 401 (accounts-sso §6: the client then goes to login). */
export async function requireUser(
  deps: { db: Database; clock: Clock; config?: Pick<ServerConfig, 'sessionIdleMs'> },
  request: FastifyRequest,
): Promise<Authenticated> {
  const auth = await optionalUser(deps, request);
  if (!auth) throw unauthorized();
  return auth;
}

/** The signed-in user when a valid token came with the request; null otherwise. */
export async function optionalUser(
  deps: { db: Database; clock: Clock; config?: Pick<ServerConfig, 'sessionIdleMs'> },
  request: FastifyRequest,
): Promise<Authenticated | null> {
  const token = bearerToken(request);
  return token ? authenticate(deps, token) : null;
}

/**
 * Who makes something that will be theirs (a purchase, a waiting place): the signed-in user, or null —
 * a guest — for a request without a token. A token that no longer opens a session (ended by a password
 * reset, a sign-out elsewhere, its expiry) is refused with 401 rather than taken as a guest's request:
 * what a person does believing they are signed in must not become a guest's (an order read by its link
 * alone, a place under no account). The client then signs in again (accounts-sso §6).
 */
export async function userOrGuest(
  deps: { db: Database; clock: Clock; config?: Pick<ServerConfig, 'sessionIdleMs'> },
  request: FastifyRequest,
): Promise<Authenticated | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const auth = await authenticate(deps, token);
  if (!auth) throw unauthorized();
  return auth;
}
