import { describe, expect, it } from 'vitest';
import { readSheetDate, slashOrder } from './sheet-dates.ts';

describe('readSheetDate', () => {
  it('takes ISO dates in every locale', () => {
    for (const locale of ['en-US', 'en-GB', 'de-DE', 'sv-SE'])
      expect(readSheetDate('2027-01-15', locale)).toEqual({ iso: '2027-01-15' });
  });

  it('takes day.month.year with dots, which no locale reads month first', () => {
    expect(readSheetDate('15.01.2027', 'en-US')).toEqual({ iso: '2027-01-15' });
    expect(readSheetDate('1.2.2027', 'de-DE')).toEqual({ iso: '2027-02-01' });
  });

  it('takes a slash date when one part is above 12, whatever the locale', () => {
    expect(readSheetDate('1/15/2027', 'en-GB')).toEqual({ iso: '2027-01-15' });
    expect(readSheetDate('15/1/2027', 'en-US')).toEqual({ iso: '2027-01-15' });
    expect(readSheetDate('1/15/2027', 'de-DE')).toEqual({ iso: '2027-01-15' });
  });

  it('reads an ambiguous slash date in the order of a locale that writes dates with slashes', () => {
    expect(readSheetDate('1/2/2027', 'en-US')).toEqual({ iso: '2027-01-02' });
    expect(readSheetDate('1/2/2027', 'en-GB')).toEqual({ iso: '2027-02-01' });
  });

  it('refuses an ambiguous slash date in a locale that does not write slashes, naming YYYY-MM-DD', () => {
    const read = readSheetDate('1/2/2027', 'de-DE');
    expect(read).toEqual({ problem: expect.stringContaining('YYYY-MM-DD') });
    expect(read && 'problem' in read ? read.problem : '').toMatch(/2027-01-02.*2027-02-01|2027-02-01.*2027-01-02/);
  });

  it('refuses days that do not exist, and text that is no date, naming YYYY-MM-DD', () => {
    for (const text of ['31.02.2027', '2027-02-30', '13/13/2027', 'next week', '15.01.27'])
      expect(readSheetDate(text, 'en-US')).toEqual({ problem: expect.stringContaining('YYYY-MM-DD') });
  });

  it('leaves a blank cell blank', () => {
    expect(readSheetDate('  ', 'en-US')).toBeNull();
  });
});

describe('slashOrder', () => {
  it('is the order of day and month in a locale that writes dates with slashes, else none', () => {
    expect(slashOrder('en-US')).toBe('month-first');
    expect(slashOrder('en-GB')).toBe('day-first');
    expect(slashOrder('fr-FR')).toBe('day-first');
    expect(slashOrder('de-DE')).toBeNull();
    expect(slashOrder('not a locale')).toBeNull();
  });
});
