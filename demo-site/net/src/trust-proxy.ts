import { isIP } from 'node:net';

/**
 * Which proxies in front of a server to believe about the client's address: how many hops (`1` — one
 * reverse proxy that appends the client's address to `X-Forwarded-For`), or the proxies' own addresses
 * or CIDRs; `false` none. Never "every hop": the left-most `X-Forwarded-For` entries are whatever the
 * client wrote, and believing them gives every request a fresh address and every per-address limit
 * (the site's, the identity provider's SMS caps) to the attacker.
 */
export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for address ranges (Fastify and the identity provider both use proxy-addr). */
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
 * The setting `name` (`TRUST_PROXY`, `IDP_TRUST_PROXY`) as written: empty, `0` or `false` none; a whole
 * number of proxy hops (`1`, `2`); or a comma-separated list of the proxies' addresses/CIDRs
 * (`10.0.0.0/8,127.0.0.1`, or proxy-addr's `loopback`, `linklocal`, `uniquelocal`). `true` — which
 * would trust every hop — and anything unreadable is an error naming the setting, so a typo never
 * silently turns the limits off.
 */
export function parseTrustProxy(value: string, name: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text) || false;
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
