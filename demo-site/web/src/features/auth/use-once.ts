import { useEffect, useRef } from 'react';

/** Runs `effect` once per mount, even where React runs effects twice (StrictMode): one-shot links are single-use. */
export function useOnce(effect: () => void): void {
  const ran = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on purpose
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    effect();
  }, []);
}
