import { describe, expect, it } from 'vitest';
import { hashPassword, newToken, sha256, stablePublicId, verifyPassword } from './crypto';
import { toKopecks, toRubles } from './money';
import { normalizePhone } from './phone';
import { clockTime, zonedTime } from './time';
import { describeUserAgent } from './user-agent';

describe('normalizePhone', () => {
  it.each([
    ['+7 (912) 345-67-89', '79123456789'],
    ['89123456789', '79123456789'],
    ['77011234567', '77011234567'],
    ['+375 29 123 45 67', '375291234567'],
    ['+992 93 123 4567', '992931234567'],
  ])('%s → %s', (input, expected) => expect(normalizePhone(input)).toBe(expected));

  it.each(['', '123', '7912345678', '791234567890', '+1 202 555 0100', '7912345678a', '3752912345'])('%s is not a phone', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 'Windows', 'Chrome'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'macOS',
      'Safari',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'iOS',
      'Chrome',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 YaBrowser/24.6 Mobile Safari/537.36',
      'Android',
      'Яндекс Браузер',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      'Windows',
      'Edge',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', 'Linux', 'Firefox'],
    ['curl/8.5.0', null, null],
  ])('%s', (ua, os, browser) => expect(describeUserAgent(ua)).toEqual({ os, browser }));
});

describe('passwords and tokens', () => {
  it('scrypt hashes verify, carry their cost, and differ per salt', async () => {
    const cost = { N: 1024, r: 8, p: 1 };
    const first = await hashPassword('Secret12', cost);
    const second = await hashPassword('Secret12', cost);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('Secret12', first)).toBe(true);
    expect(await verifyPassword('Secret13', first)).toBe(false);
    expect(await verifyPassword('Secret12', 'md5$abc')).toBe(false);
  });

  it('tokens are 256-bit base64url and stored only as a sha-256', () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    expect([...tokens][0]).toMatch(/^[\w-]{43}$/);
    expect(sha256('a')).toBe('ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb');
    expect(stablePublicId('event:spring-run')).toBe(stablePublicId('event:spring-run'));
    expect(stablePublicId('event:spring-run')).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('time and money', () => {
  it('local wall-clock times become instants in their zone', () => {
    const day = new Date('2026-06-01T00:00:00Z');
    expect(zonedTime(day, '09:00', 'Europe/Moscow').toISOString()).toBe('2026-06-01T06:00:00.000Z');
    expect(zonedTime(day, '09:00', 'Asia/Vladivostok').toISOString()).toBe('2026-05-31T23:00:00.000Z');
    expect(zonedTime(day, '21:30', 'Europe/Kaliningrad').toISOString()).toBe('2026-06-01T19:30:00.000Z');
    expect(clockTime(3725)).toBe('01:02:05');
  });

  it('kopecks and rubles', () => {
    expect(toKopecks(1800)).toBe(180_000);
    expect(toKopecks(19.99)).toBe(1999);
    expect(toRubles(416_500)).toBe(4165);
    expect(toRubles(1999)).toBe(19.99);
  });
});
