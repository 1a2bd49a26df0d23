// The mark that sends a returning Газпром ID person back through GID (route-access.tsx): set only by
// a finished GID sign-in, forgotten by any other sign-in, a sign-out, and the guard's one use.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSignIn, markSignedInWithGid, signedInWithGid, storeSignIn } from './auth';

const user = { public_id: 'u-1', email: 'a@example.ru' } as Parameters<typeof storeSignIn>[1];

describe('signedInWithGid', () => {
  beforeEach(() => localStorage.clear());

  it('is set after a GID sign-in has stored the session', () => {
    storeSignIn('t-1', user);
    expect(signedInWithGid()).toBe(false);
    markSignedInWithGid();
    expect(signedInWithGid()).toBe(true);
  });

  it('is forgotten by another way of signing in', () => {
    markSignedInWithGid();
    storeSignIn('t-2', user);
    expect(signedInWithGid()).toBe(false);
  });

  it('is forgotten by a sign-out', () => {
    markSignedInWithGid();
    clearSignIn();
    expect(signedInWithGid()).toBe(false);
  });

  it('is used once: asking with forget answers and clears it', () => {
    markSignedInWithGid();
    expect(signedInWithGid(true)).toBe(true);
    expect(signedInWithGid()).toBe(false);
  });
});
