import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUCKET_MS, sharedTimeouts } from './query-timers';

afterEach(() => {
  vi.useRealTimers();
});

describe('sharedTimeouts (the query timers, lib/query-timers.ts)', () => {
  it('long timers set together share one browser timer and each runs at its deadline, up to a bucket late', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const timers = sharedTimeouts();
    const ran: string[] = [];
    const nativeSet = vi.spyOn(globalThis, 'setTimeout');
    const nativeClear = vi.spyOn(globalThis, 'clearTimeout');
    // A query's gc timer and an observer's staleness, a few at once, as one commit mounts them.
    const ids = ['a', 'b', 'c', 'd'].map((name) => timers.setTimeout(() => ran.push(name), 60_000));
    const gc = timers.setTimeout(() => ran.push('gc'), 300_000);
    expect(nativeSet).toHaveBeenCalledTimes(2);
    // Clearing some of a bucket's timers touches no browser timer.
    timers.clearTimeout(ids[1]);
    timers.clearTimeout(ids[3]);
    expect(nativeClear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(59_999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(BUCKET_MS + 1);
    expect(ran).toEqual(['a', 'c']);
    // The last timer of a bucket cleared: its browser timer too.
    timers.clearTimeout(gc);
    expect(nativeClear).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300_000);
    expect(ran).toEqual(['a', 'c']);
  });

  it('short timers are the browser’s own, cleared as such; a timer cleared by an earlier one of its bucket does not run', () => {
    vi.useFakeTimers({ now: 0 });
    const timers = sharedTimeouts();
    const ran: string[] = [];
    const short = timers.setTimeout(() => ran.push('short'), 100);
    timers.setTimeout(() => ran.push('soon'), 10);
    timers.clearTimeout(short);
    const ids: ReturnType<typeof timers.setTimeout>[] = [];
    ids.push(timers.setTimeout(() => timers.clearTimeout(ids[1]), 10_000));
    ids.push(timers.setTimeout(() => ran.push('cleared'), 10_000));
    ids.push(timers.setTimeout(() => ran.push('kept'), 10_000));
    vi.advanceTimersByTime(11_000);
    expect(ran).toEqual(['soon', 'kept']);
  });
});
