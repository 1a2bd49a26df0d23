import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key of a client address for the per-address limits (issue 33, finding 3): an IPv4 address as it
 * is (an IPv4-mapped IPv6 one, `::ffff:a.b.c.d`, as its IPv4), an IPv6 address by its /64 — one
 * subscriber's network hands out 2^64 addresses, each of which would otherwise have a limit of its own.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return ip;
  return `${expandIpv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as 4-digit lower-case hex. */
function expandIpv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => group.padStart(4, '0'));
}
