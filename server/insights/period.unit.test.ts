import 'server-only';
import { describe, expect, it } from 'vitest';
import { bucketsOf, periodOf, startOfDay } from './period';

describe("a period in the viewer's days", () => {
  it('begins at local midnight: Berlin in winter is UTC+1, in summer UTC+2, Tokyo always UTC+9', () => {
    expect(startOfDay('2026-01-15', 'Europe/Berlin').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfDay('2026-07-15', 'Europe/Berlin').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(startOfDay('2026-07-15', 'Asia/Tokyo').toISOString()).toBe('2026-07-14T15:00:00.000Z');
    expect(startOfDay('2026-07-15', 'UTC').toISOString()).toBe('2026-07-15T00:00:00.000Z');
  });

  it('has a 23-hour day when the clocks go forward and a 25-hour one when they go back', () => {
    // Europe moved to summer time on Sunday 29 March 2026 and back on Sunday 25 October 2026.
    const [spring] = bucketsOf('2026-03-29', '2026-03-29', 'Europe/Berlin', 'day');
    expect(spring).toEqual({
      from: '2026-03-29',
      to: '2026-03-29',
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
    });
    const [autumn] = bucketsOf('2026-10-25', '2026-10-25', 'Europe/Berlin', 'day');
    expect(Date.parse(autumn!.end) - Date.parse(autumn!.start)).toBe(25 * 3_600_000);
    // New York's change is at 2 a.m. on 8 March 2026: midnight is still UTC−5
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it("is the last N days with today counted, in the viewer's calendar (already tomorrow in Tokyo)", () => {
    const now = new Date('2026-11-29T20:00:00Z');
    const utc = periodOf({ period: '7d', tz: 'UTC' }, now);
    expect([utc.from, utc.to, utc.unit, utc.buckets.length]).toEqual(['2026-11-23', '2026-11-29', 'day', 7]);
    const tokyo = periodOf({ period: '7d', tz: 'Asia/Tokyo' }, now);
    expect([tokyo.from, tokyo.to]).toEqual(['2026-11-24', '2026-11-30']);
    expect(tokyo.start).toBe('2026-11-23T15:00:00.000Z');
    expect(tokyo.end).toBe('2026-11-30T15:00:00.000Z');
  });

  it('counts per day up to 31 days, then per week from Monday, the first and last weeks cut to the period', () => {
    expect(periodOf({ period: '30d', tz: 'UTC' }, new Date('2026-11-29T12:00:00Z')).unit).toBe('day');
    const p = periodOf({ period: 'custom', from: '2026-11-04', to: '2026-12-08', tz: 'UTC' }, new Date());
    expect(p.unit).toBe('week');
    // 4 Nov 2026 is a Wednesday: its week ends on Sunday 8 Nov; 8 Dec is a Tuesday.
    expect(p.buckets.map((b) => `${b.from}..${b.to}`)).toEqual([
      '2026-11-04..2026-11-08',
      '2026-11-09..2026-11-15',
      '2026-11-16..2026-11-22',
      '2026-11-23..2026-11-29',
      '2026-11-30..2026-12-06',
      '2026-12-07..2026-12-08',
    ]);
    // the buckets tile the period: each ends where the next begins
    p.buckets.slice(1).forEach((b, i) => expect(b.start).toBe(p.buckets[i]!.end));
    expect(p.buckets[0]!.start).toBe(p.start);
    expect(p.buckets.at(-1)!.end).toBe(p.end);
  });
});
