import { describe, expect, it } from 'vitest';
import { EXPIRY_QUICK_PICKS, EXPIRY_REQUIRED, expiryDays, expiryProblem, untilAbout } from './expiry.ts';

describe('expiryProblem', () => {
  it('asks for a choice while nothing is typed', () => {
    expect(expiryProblem('')).toBe(EXPIRY_REQUIRED);
    expect(expiryProblem('   ')).toBe(EXPIRY_REQUIRED);
  });

  it('accepts whole days from 1 to 365, and every quick pick', () => {
    for (const text of ['1', '21', '365', ' 14 ', ...EXPIRY_QUICK_PICKS.map(String)])
      expect(expiryProblem(text), text).toBeNull();
  });

  it('refuses what is not whole days, and days out of range in the request schema’s words', () => {
    for (const text of ['1.5', '14.0', '1e1', '-3', 'abc', '+7'])
      expect(expiryProblem(text), text).toBe('Enter whole days, from 1 to 365');
    expect(expiryProblem('0')).toBe('At least 1 day');
    expect(expiryProblem('366')).toBe('At most 365 days');
    expect(expiryProblem('999999999')).toBe('At most 365 days');
  });
});

describe('expiryDays and untilAbout', () => {
  const now = Date.parse('2026-01-10T09:30:00Z');

  it('turns a valid choice into a number and a date, and anything else into null', () => {
    expect(expiryDays(' 14 ')).toBe(14);
    expect(expiryDays('')).toBeNull();
    expect(expiryDays('0')).toBeNull();
    expect(untilAbout('14', now)).toBe('24 Jan 2026');
    expect(untilAbout('365', now)).toBe('10 Jan 2027');
    expect(untilAbout('', now)).toBeNull();
    expect(untilAbout('400', now)).toBeNull();
  });
});
