/** The server's notion of now; tests pass a fixed or movable clock instead of patching Date. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: `advance(ms)` for expiry tests. */
export function manualClock(start: Date | string): Clock & { advance(ms: number): void; set(to: Date | string): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (to) => {
      current = new Date(to).getTime();
    },
  };
}
