import 'server-only';
import { describe, expect, it } from 'vitest';
import { addressBucket } from './address-bucket';

describe('addressBucket', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('unknown')).toBe('unknown');
  });

  it('counts every IPv6 address of one /64 as one', () => {
    const one = addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(one).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002::1')).toBe(one);
    expect(addressBucket('2001:db8:1:2::ffff')).toBe(one);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(one);
  });

  it('reads compressed forms wherever the zeros are', () => {
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
