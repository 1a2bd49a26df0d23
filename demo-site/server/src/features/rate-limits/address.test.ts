import { expect, it } from 'vitest';
import { addressKey } from './address';

it('an IPv6 address counts by its /64, an IPv4 one (mapped or not) as it is', () => {
  expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:0db8:0001:0002::/64');
  expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:0db8:0001:0002::/64');
  expect(addressKey('2001:DB8:1:2::')).toBe('2001:0db8:0001:0002::/64');
  expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
  expect(addressKey('fe80::1%eth0')).toBe('fe80:0000:0000:0000::/64');
  expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
  expect(addressKey(undefined)).toBe('unknown');
});
