import { parseTrustProxy as parseSetting, type TrustProxy } from '@gid/net/trust-proxy';

export type { TrustProxy };

/** `TRUST_PROXY` as the server takes it (see `@gid/net/trust-proxy`): errors name `name`. */
export const parseTrustProxy = (value: string, name = 'TRUST_PROXY'): TrustProxy => parseSetting(value, name);

/**
 * The value for Fastify's `trustProxy` option. A hop count becomes a function: Fastify 5 reads a bare
 * number as "trust nothing" (a client that reaches the server directly could write enough hops), which
 * would make every client the proxy — the README says to prefer the list for that reason.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return typeof trust === 'object' ? [...trust] : trust;
}
