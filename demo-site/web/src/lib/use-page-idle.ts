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
