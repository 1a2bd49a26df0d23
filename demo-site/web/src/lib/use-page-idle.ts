import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser has had an idle moment since (at most `timeoutMs`
 * after the load). Until `wanted`, nothing is scheduled; once true, it stays true.
 */
export function usePageIdle(wanted: boolean, timeoutMs = 3000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!wanted || idle) return;
    let handle: number | undefined;
    const whenIdle = () => {
      handle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs })
          : window.setTimeout(() => setIdle(true), 500);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (handle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
        window.clearTimeout(handle);
      }
    };
  }, [wanted, idle, timeoutMs]);
  return idle;
}

/** Whether the page has had its first contentful paint, or the browser cannot say (then: as if it had). */
const contentfulPaintDone = () =>
  typeof PerformanceObserver === 'undefined' ||
  !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
  performance.getEntriesByName('first-contentful-paint').length > 0;

/**
 * True once the page has shown its first content (at once on a later screen of the visit; at most
 * `timeoutMs` after mounting, should the browser never say). What waits for it — a chunk the screen can
 * show a moment later — then takes no share of a phone's network from what the first paint needs.
 */
export function useAfterFirstContentfulPaint(timeoutMs = 3000): boolean {
  const [painted, setPainted] = useState(contentfulPaintDone);
  useEffect(() => {
    if (painted) return;
    const finish = () => {
      observer.disconnect();
      clearTimeout(timer);
      setPainted(true);
    };
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) finish();
    });
    const timer = setTimeout(finish, timeoutMs);
    observer.observe({ type: 'paint', buffered: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [painted, timeoutMs]);
  return painted;
}
