import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_PAYMENT_TIMEOUT_MS, cancelPurchase } from './ticket-actions';

/** A fetch that never answers until its signal aborts (a slow payment provider). */
const silentFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('POST /api/payment/cancel (ticketing-shop §7, §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('waits 30 s for the refund, not the 10 s of other calls', async () => {
    vi.useFakeTimers();
    expect(CANCEL_PAYMENT_TIMEOUT_MS).toBe(30_000);
    let settled: unknown = 'pending';
    const call = cancelPurchase('order-1', { fetch: silentFetch }).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    void call.then((value) => {
      settled = value;
    });
    await vi.advanceTimersByTimeAsync(10_001);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(settled).toMatchObject({ name: 'ApiError', code: 'timeout', status: 0 });
  });
});
