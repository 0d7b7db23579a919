import { describe, expect, it } from 'vitest';
import { backwardsRanges, DATE_RANGE_PARAMS, hasDateRange, rangesIn, withinDays } from './date-ranges.ts';
import { dateRangeShape, refineDateRanges } from './filtered-list-queries.ts';
import { listQuerySchema } from './schemas.ts';

describe('day ranges', () => {
  it('names the four ends as the URL holds them', () => {
    expect(DATE_RANGE_PARAMS).toEqual(['sent_from', 'sent_to', 'updated_from', 'updated_to']);
  });

  it('keeps an instant by its UTC day, both ends included', () => {
    expect(withinDays('2026-11-01T00:00:00Z', '2026-11-01', '2026-11-01')).toBe(true);
    expect(withinDays('2026-11-01T23:59:59.999Z', '2026-11-01', '2026-11-01')).toBe(true);
    expect(withinDays('2026-11-02T00:00:00Z', undefined, '2026-11-01')).toBe(false);
    expect(withinDays('2026-10-31T23:59:59Z', '2026-11-01')).toBe(false);
    // In another zone it is the UTC day that counts.
    expect(withinDays('2026-11-01T23:30:00-02:00', '2026-11-02', '2026-11-02')).toBe(true);
  });

  it('counts a record with no time, or an unreadable one, as outside any range, and inside no range at all', () => {
    expect(withinDays(undefined, '2026-11-01')).toBe(false);
    expect(withinDays('soon', undefined, '2026-11-01')).toBe(false);
    expect(withinDays(undefined)).toBe(true);
  });

  it('names the end of a range that ends before it starts', () => {
    expect(
      backwardsRanges({ sent_from: '2026-11-02', sent_to: '2026-11-01', updated_from: '2026-11-01', updated_to: '2026-11-01' }),
    ).toEqual(['sent_to']);
    expect(hasDateRange({})).toBe(false);
    expect(hasDateRange({ updated_to: '2026-11-01' })).toBe(true);
  });

  it('reads only calendar days from a URL', () => {
    expect(rangesIn({ sent_from: '2026-11-01', sent_to: '2026-02-30', updated_from: 'today', status: 'queued' })).toEqual({
      sent_from: '2026-11-01',
    });
  });

  it('refuses, under the end’s name, a range that ends before it starts', () => {
    const schema = refineDateRanges(listQuerySchema.extend(dateRangeShape).strict());
    const bad = schema.safeParse({ updated_from: '2026-11-03', updated_to: '2026-11-02' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['updated_to']);
    expect(schema.safeParse({ sent_from: '2026-11-02', sent_to: '2026-11-02' }).success).toBe(true);
    expect(schema.safeParse({ sent_from: '2026-13-01' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['sent_from']);
  });
});
