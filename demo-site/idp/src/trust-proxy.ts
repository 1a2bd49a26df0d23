import proxyaddr from '@fastify/proxy-addr';
import { parseTrustProxy as parseSetting } from '@gid/net/trust-proxy';
import type { Middleware } from 'koa';

/**
 * Which proxies in front of the idp to believe (`IDP_TRUST_PROXY`): how many hops or the proxies' own
 * addresses/CIDRs (see `@gid/net/trust-proxy`); never "every hop".
 */
export type TrustProxy = number | readonly string[];

/** `IDP_TRUST_PROXY` as the idp takes it: none is `undefined`; errors name `name`. */
export const parseTrustProxy = (value: string, name = 'IDP_TRUST_PROXY'): TrustProxy | undefined => parseSetting(value, name) || undefined;

/**
 * Sets `ctx.ip` to the client's address — the first one, walking `X-Forwarded-For` from the socket, that
 * is not a trusted proxy (or past the hop count) — and drops the `X-Forwarded-*` headers of a request
 * that did not come through a trusted proxy, so Koa's `proxy` mode (https from `X-Forwarded-Proto`, for
 * `Secure` cookies) believes only the proxies. Must run before anything reads `ctx.ip` or `ctx.secure`.
 */
export function clientAddress(trust: TrustProxy): Middleware {
  const trusted = typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : proxyaddr.compile([...trust]);
  return async (ctx, next) => {
    const chain = proxyaddr.all(ctx.req, trusted);
    if (chain.length === 1) {
      for (const header of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']) delete ctx.req.headers[header];
    }
    ctx.request.ip = chain.at(-1) ?? '';
    await next();
  };
}
