import { isIP } from 'node:net';
import proxyaddr from '@fastify/proxy-addr';
import type { Middleware } from 'koa';

/**
 * Which proxies in front of the idp to believe (`IDP_TRUST_PROXY`): how many hops (`1` — one reverse
 * proxy that appends the client's address to `X-Forwarded-For`), or the proxies' own addresses/CIDRs.
 * Never "every hop": the left-most `X-Forwarded-For` entries are whatever the client wrote, and believing
 * them gives every request a fresh address and the per-address SMS caps to the attacker.
 */
export type TrustProxy = number | readonly string[];

/** proxy-addr's names for address ranges. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * `IDP_TRUST_PROXY`: empty, `0` or `false` none; a whole number of proxy hops (`1`, `2`); or a
 * comma-separated list of the proxies' addresses/CIDRs (`10.0.0.0/8,127.0.0.1`, `loopback`). `true` and
 * anything unreadable is an error, so a typo never silently opens the limits.
 */
export function parseTrustProxy(value: string, name = 'IDP_TRUST_PROXY'): TrustProxy | undefined {
  const text = value.trim();
  if (text === '' || text === '0' || text === 'false') return undefined;
  if (/^\d+$/.test(text)) return Number(text) || undefined;
  if (text === 'true') {
    throw new Error(
      `${name}=true would believe every X-Forwarded-For hop, which the client writes: give the number of proxies in front (1) or their addresses (10.0.0.1,10.0.0.0/8)`,
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !validEntry(entry));
  if (bad.length)
    throw new Error(`${name}: expected a hop count or proxy addresses/CIDRs, not ${bad.map((entry) => `"${entry}"`).join(', ')}`);
  return entries;
}

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
