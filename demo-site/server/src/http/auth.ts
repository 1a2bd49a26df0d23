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
