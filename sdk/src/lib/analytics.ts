import { isSecureUrl } from './config';
import { type Context, sessionId } from './context';
import { readFlow } from './flow-storage';
import { randomString } from './pkce';
import type { RemoteConfig } from './remote-config';
import { version } from './version';

/** The analytics event URLs: the config's own, else the remote config's trackers. */
export function trackerUrls(ctx: Context, remote?: RemoteConfig): string[] {
  const urls = [ctx.cfg.goyaUrl ?? remote?.trackers?.goya, ctx.cfg.trackingReceiver ?? remote?.trackers?.tracking_receiver];
  return [...new Set(urls.filter(isSecureUrl))];
}

/** `Temporal.Now`, where the browser has it (not yet in every browser's types). */
type WithTemporal = { Temporal?: { Now: { timeZoneId: () => string } } };

/**
 * A fire-and-forget analytics beacon (spec 7.1): a GET with the event's fields. Nothing is sent
 * without a tracker URL; failures are swallowed. The page URL goes without its query (it may hold
 * a code), and the user agent is cut to 256 characters.
 */
export function createTracker(ctx: Context, urls: string[]): Context['trackEvent'] {
  const { win, cfg } = ctx;
  return (action, label = '', location) => {
    const screen = win.screen;
    const fields: Record<string, string | undefined> = {
      category: 'gid_sdk',
      action,
      label,
      name: `gid_sdk_${action}`,
      screen_size: screen ? `${screen.width}x${screen.height}` : '',
      timestamp: String(Date.now()),
      // The IANA zone: Temporal answers at once; a page's first Intl.DateTimeFormat loads the
      // locale's date data (15–50 ms in Chromium, four times that on a phone), so Intl only without it.
      timezone: (win as unknown as WithTemporal).Temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      page_url: win.location.origin + win.location.pathname,
      screen_name: win.document?.title,
      event_group: 'auth',
      element_location: location === 'widget' ? 'widget' : 'page',
      touch_point: 'web',
      cid: cfg.cid,
      session_id: cfg.session_id,
      product_name: cfg.product_name,
      appmetrica_device_id: cfg.appmetrica_device_id,
      gsid: readFlow(ctx)?.gsid,
      req_id: randomString(16, win.crypto),
      sid: sessionId(ctx),
      sdk_version: version,
      user_agent: win.navigator?.userAgent.slice(0, 256),
    };
    if (cfg.debugTrack) console.debug('[GID SDK] track', fields);
    for (const base of urls) {
      const url = new URL(base);
      for (const [key, value] of Object.entries(fields)) if (value) url.searchParams.set(key, value);
      ctx.fetchFn(url.href, { mode: 'no-cors', credentials: 'omit', keepalive: true }).catch(() => {});
    }
  };
}
