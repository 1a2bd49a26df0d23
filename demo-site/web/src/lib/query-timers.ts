import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/**
 * The timers of TanStack Query (its `timeoutManager`): a query's garbage collection (gcTime, 5 min)
 * and an observer's staleness (staleTime, 1 min here) — one browser timer set, and usually cleared
 * again, per query and per observer. A screen that mounts a few dozen of them in one commit (the
 * basket: each line's queries) spent most of that task in setTimeout/clearTimeout, each one costly
 * on a phone and more so under DevTools, which records a stack for each. Timers of at least
 * MIN_SHARED_MS share one browser timer per whole BUCKET_MS of their deadline (they fire up to
 * BUCKET_MS late, nothing for a staleness of a minute); shorter ones are the browser's own.
 */
export const MIN_SHARED_MS = 5_000;
export const BUCKET_MS = 1_000;

/** A timer in a shared bucket: its callback and the bucket's deadline. */
class SharedTimer {
  constructor(
    readonly callback: TimeoutCallback,
    readonly deadline: number,
    readonly id: number,
  ) {}
  [Symbol.toPrimitive]() {
    return this.id;
  }
}

type TimerId = SharedTimer | ReturnType<typeof setTimeout>;

/** A TimeoutProvider whose long timers share browser timers (`now` and the browser's timers read at each call, as fake timers replace them). */
export function sharedTimeouts(now: () => number = () => Date.now()): TimeoutProvider<TimerId> {
  const buckets = new Map<number, { timer: ReturnType<typeof setTimeout>; timers: Set<SharedTimer> }>();
  let nextId = -1;
  const fire = (deadline: number) => {
    const bucket = buckets.get(deadline);
    if (!bucket) return;
    // The set as it is at each step: a timer that an earlier callback clears does not run.
    for (const timer of bucket.timers) {
      try {
        timer.callback();
      } catch (error) {
        // As a timer's own error: reported, and the other timers of the bucket still run.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    buckets.delete(deadline);
  };
  return {
    setTimeout: (callback, delay) => {
      if (!(delay >= MIN_SHARED_MS) || !Number.isFinite(delay)) return setTimeout(callback, delay);
      const at = now();
      const deadline = Math.ceil((at + delay) / BUCKET_MS) * BUCKET_MS;
      let bucket = buckets.get(deadline);
      if (!bucket) {
        bucket = { timer: setTimeout(() => fire(deadline), deadline - at), timers: new Set() };
        buckets.set(deadline, bucket);
      }
      const timer = new SharedTimer(callback, deadline, nextId);
      nextId -= 1;
      bucket.timers.add(timer);
      return timer;
    },
    clearTimeout: (id) => {
      if (!(id instanceof SharedTimer)) {
        clearTimeout(id);
        return;
      }
      const bucket = buckets.get(id.deadline);
      if (!bucket?.timers.delete(id) || bucket.timers.size > 0) return;
      clearTimeout(bucket.timer);
      buckets.delete(id.deadline);
    },
    setInterval: (callback, delay) => setInterval(callback, delay),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval> | undefined),
  };
}
