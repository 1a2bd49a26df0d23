import type { Database } from '../db/client';
import { countHit, countHitDeferred, readHits } from '../features/rate-limits/service';
import type { Clock } from '../lib/clock';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Groups counted behind (`countHitDeferred`): the purchase's limit, decided at once and written in
 * batches, so a purchase has no round trip of its own for it (issue 23). The sign-in and code limits,
 * which stop guessing, stay counted in the database before the answer.
 */
const DEFERRED_GROUPS = new Set(['payment']);

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL (`rate_limits`), so the per-IP
 * limits hold across every server process on the database rather than per process. Each route gets
 * its own key space (`METHOD url|rule|ip`), a `groupId` one for all its routes.
 */
export function postgresRateLimitStore(deps: { db: Database; clock: Clock }) {
  return class PostgresRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'global',
      private readonly behind = false,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      (this.behind ? countHitDeferred : countHit)(deps, this.key(key, timeWindow, max), timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    /** The rule is part of the key: processes with one configuration share a count, a changed rule starts afresh. */
    private key(key: string, timeWindow: number, max: number): string {
      return `ip:${this.prefix}|${max}/${timeWindow}|${key}`;
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      readHits(deps, this.key(key, timeWindow, max)).then(
        (hits) => callback(null, { current: hits, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    /** Called per route with the merged limit options; the route is in `routeInfo` (not in the typings). */
    child(options: object) {
      const { routeInfo: route, groupId } = options as { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };
      // Routes of one `groupId` share a count (the three promocode checks); others count on their own.
      if (groupId) return new PostgresRateLimitStore(undefined, `group ${groupId}`, DEFERRED_GROUPS.has(groupId));
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new PostgresRateLimitStore(undefined, `${method} ${route?.url ?? ''}`);
    }
  };
}
