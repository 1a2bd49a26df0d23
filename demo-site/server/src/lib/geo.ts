import { isIP } from 'node:net';

export interface GeoLocation {
  city: string | null;
  country: string | null;
}

/** Where a sign-in came from. Real deployments plug a GeoIP database in here. */
export interface GeoLocator {
  locate(ip: string | undefined): GeoLocation;
}

const isLocal = (ip: string) =>
  ip === '::1' ||
  ip.startsWith('127.') ||
  ip.startsWith('::ffff:127.') ||
  ip.startsWith('10.') ||
  ip.startsWith('192.168.') ||
  /^172\.(1[6-9]|2\d|3[01])\./.test(ip);

/**
 * Without a GeoIP database nothing is known (the sessions page shows its placeholders); in the demo,
 * requests from this machine are placed at `local` so the page has something real to show.
 */
export function createStaticGeoLocator(local: GeoLocation | null = null): GeoLocator {
  return {
    locate: (ip) => (ip && isIP(ip.replace(/^::ffff:/, '')) && isLocal(ip) && local ? local : { city: null, country: null }),
  };
}
