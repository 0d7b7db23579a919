import 'server-only';
import { describe, expect, it } from 'vitest';
import { beforeDigestOf, digestDue, localHour } from './local-time';

const NY = 'America/New_York';

describe('localHour', () => {
  it('reads the date and hour on the person’s clock, across the date line', () => {
    expect(localHour(new Date('2026-01-15T03:30:00Z'), NY)).toEqual({ date: '2026-01-14', hour: 22 });
    expect(localHour(new Date('2026-01-15T03:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-01-15', hour: 12 });
    expect(localHour(new Date('2026-01-15T00:10:00Z'), 'UTC')).toEqual({ date: '2026-01-15', hour: 0 });
  });
  it('refuses a zone Intl does not know', () => {
    expect(() => localHour(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('digestDue around daylight saving time (New York)', () => {
  // 2026-03-08: clocks jump from 01:59:59 EST (06:59:59Z) to 03:00 EDT (07:00Z); 02:xx never exists.
  it('an hour that does not exist is due at the first instant past it', () => {
    expect(digestDue(new Date('2026-03-08T06:59:59Z'), NY, 2)).toBe(false); // 01:59:59 EST
    expect(digestDue(new Date('2026-03-08T07:00:00Z'), NY, 2)).toBe(true); // 03:00 EDT
    expect(localHour(new Date('2026-03-08T07:00:00Z'), NY)).toEqual({ date: '2026-03-08', hour: 3 });
  });
  // 2026-11-01: clocks fall back from 01:59:59 EDT (05:59:59Z) to 01:00 EST (06:00Z); 01:xx comes twice.
  it('an hour that comes twice is due at its first coming, and still the same local day at its second', () => {
    expect(digestDue(new Date('2026-11-01T04:59:59Z'), NY, 1)).toBe(false); // 00:59:59 EDT
    const first = new Date('2026-11-01T05:00:00Z'); // 01:00 EDT
    const second = new Date('2026-11-01T06:00:00Z'); // 01:00 EST
    expect(digestDue(first, NY, 1)).toBe(true);
    expect(localHour(first, NY)).toEqual(localHour(second, NY)); // one local date: one digest row
  });
  it('an ordinary day is due from its hour to its end, and not before', () => {
    expect(digestDue(new Date('2026-06-10T11:59:00Z'), NY, 8)).toBe(false); // 07:59 EDT
    expect(digestDue(new Date('2026-06-10T12:00:00Z'), NY, 8)).toBe(true); // 08:00 EDT
    expect(digestDue(new Date('2026-06-11T03:59:00Z'), NY, 8)).toBe(true); // 23:59 EDT
  });
});

describe('beforeDigestOf', () => {
  it('takes what came before the day’s digest hour, and leaves what came after it for the next day', () => {
    expect(beforeDigestOf(new Date('2026-06-09T20:00:00Z'), '2026-06-10', NY, 8)).toBe(true); // the day before
    expect(beforeDigestOf(new Date('2026-06-10T11:30:00Z'), '2026-06-10', NY, 8)).toBe(true); // 07:30 EDT
    expect(beforeDigestOf(new Date('2026-06-10T12:30:00Z'), '2026-06-10', NY, 8)).toBe(false); // 08:30 EDT
  });
  it('on the fall-back day, an item in the second 01:00 hour waits for the next day', () => {
    expect(beforeDigestOf(new Date('2026-11-01T06:30:00Z'), '2026-11-01', NY, 1)).toBe(false);
  });
});
