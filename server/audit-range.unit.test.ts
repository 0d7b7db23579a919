import 'server-only';
import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from '@/lib/admin/schemas';
import { isCalendarDay } from '@/lib/calendar-day';
import { dayRange } from './audit-range';
import { ConsoleError as HttpError } from './errors';

// Audit day filters (issue 19): a day that is not on the calendar is the caller's mistake,
// refused as a 422 naming the parameter, never a 500 or a filter on a date that does not exist.
const NOT_DAYS = [
  '2026-13-45',
  '0000-00-00',
  '2026-02-30',
  '2025-02-29',
  '1900-02-29',
  '2026-04-31',
  '2026-00-10',
  '2026-01-00',
  '0000-01-01',
  '2026-1-1',
  '26-01-01',
  '2026-01-01T00:00',
  ' 2026-01-01',
  '',
];
const DAYS = ['2026-01-01', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01', '9999-12-31'];

function refusal(act: () => unknown): HttpError {
  try {
    act();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('isCalendarDay', () => {
  it.each(NOT_DAYS)('refuses %j', (text) => expect(isCalendarDay(text)).toBe(false));
  it.each(DAYS)('accepts %j', (text) => expect(isCalendarDay(text)).toBe(true));
});

describe('dayRange', () => {
  it('turns inclusive days into a half-open UTC range', () => {
    expect(dayRange('2026-02-28', '2026-02-28')).toEqual({ from: '2026-02-28T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' });
    expect(dayRange('2024-02-29', '2024-12-31')).toEqual({ from: '2024-02-29T00:00:00.000Z', to: '2025-01-01T00:00:00.000Z' });
    expect(dayRange()).toEqual({ from: undefined, to: undefined });
  });

  it('has no upper bound after the last day of year 9999, rather than one that sorts before every timestamp', () => {
    expect(dayRange(undefined, '9999-12-31')).toEqual({ from: undefined, to: undefined });
  });

  it.each(NOT_DAYS)('refuses %j as from or to with a 422 naming the parameter', (text) => {
    for (const [from, to, path] of [
      [text, undefined, 'from'],
      [undefined, text, 'to'],
    ] as const) {
      const err = refusal(() => dayRange(from, to));
      expect([err.status, err.code]).toEqual([422, 'VALIDATION_FAILED']);
      expect(err.details).toEqual([{ path, message: expect.stringMatching(/calendar date/) }]);
    }
  });

  it('names both parameters when both are wrong', () => {
    expect(refusal(() => dayRange('2026-02-30', '2026-13-45')).details.map((d) => d.path)).toEqual(['from', 'to']);
  });
});

describe('auditQuerySchema', () => {
  const pathsOf = (query: Record<string, string>) => {
    const result = auditQuerySchema.safeParse(query);
    return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
  };

  it('refuses a day that is not on the calendar, once, under its own name', () => {
    expect(pathsOf({ to: '2026-13-45' })).toEqual(['to']);
    expect(pathsOf({ from: '2026-02-30' })).toEqual(['from']);
    expect(pathsOf({ from: '0000-00-00', to: '0000-00-00' })).toEqual(['from', 'to']);
    expect(pathsOf({ from: '2026-1-1' })).toEqual(['from']);
  });

  it('accepts real days', () => {
    expect(pathsOf({ from: '2024-02-29', to: '2026-12-31' })).toEqual([]);
  });
});
