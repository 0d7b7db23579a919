import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBytes, formatCalendarDate, formatDate, formatDateTime, formatMoney, formatNumber, formatTime, localesFromAcceptLanguage, readerLocales } from './format.ts';

const AT = '2026-11-23T14:02:09.000Z';

afterEach(() => vi.unstubAllGlobals());

describe('formatting follows the reader’s locale, in UTC', () => {
  it('writes dates and times the German way for de-DE', () => {
    expect(formatDate(AT, ['de-DE'])).toBe('23. Nov. 2026');
    expect(formatDateTime(AT, {}, ['de-DE'])).toBe('23. Nov. 2026, 14:02 UTC');
    expect(formatTime(AT, { seconds: true }, ['de-DE'])).toBe('14:02:09 UTC');
    expect(formatCalendarDate('2030-07-01', ['de-DE'])).toBe('1. Juli 2030');
  });

  it('writes them the American way for en-US, still in UTC', () => {
    expect(formatDate(AT, ['en-US'])).toBe('Nov 23, 2026');
    expect(formatDateTime(AT, {}, ['en-US'])).toBe('Nov 23, 2026, 02:02 PM UTC');
    // A deadline kept as epoch ms reads the same as its ISO form.
    expect(formatDateTime(Date.parse(AT), {}, ['en-US'])).toBe('Nov 23, 2026, 02:02 PM UTC');
    expect(formatCalendarDate('2030-07-01', ['en-US'])).toBe('Jul 1, 2030');
  });

  it('groups and separates numbers, bytes and money by locale, with the currency’s decimals', () => {
    expect(formatNumber(1234567.5, {}, ['de-DE'])).toBe('1.234.567,5');
    expect(formatNumber(1234567.5, {}, ['en-US'])).toBe('1,234,567.5');
    expect(formatBytes(1536, ['de-DE'])).toBe('1,5 KB');
    expect(formatBytes(1536, ['en-US'])).toBe('1.5 KB');
    expect(formatMoney(1234.5, 'EUR', ['de-DE'])).toBe('1.234,50\u00a0€');
    expect(formatMoney(1234.5, 'USD', ['en-US'])).toBe('$1,234.50');
    expect(formatMoney(12, 'euros', ['en-US'])).toBe('12 euros');
  });

  it('reads the browser’s languages, and a fixed locale where there is no browser', () => {
    vi.stubGlobal('navigator', { languages: ['de-DE', 'en'] });
    expect(readerLocales()).toEqual(['de-DE', 'en']);
    expect(formatNumber(0.5)).toBe('0,5');
    vi.stubGlobal('navigator', undefined);
    expect(readerLocales()).toEqual(['en-GB']);
  });

  it('reads the locales a request asks for from its Accept-Language, most wanted first', () => {
    expect(localesFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toEqual(['de-DE', 'de', 'en']);
    expect(localesFromAcceptLanguage('en;q=0.5, fr-CA , de;q=0.7')).toEqual(['fr-CA', 'de', 'en']);
    // Case is canonicalised, repeats kept once, wildcards and refusals (q=0) dropped.
    expect(localesFromAcceptLanguage('EN-us,en-US;q=0.9,*;q=0.1,it;q=0')).toEqual(['en-US']);
    // Nothing readable: the server's fixed locale, never a refused page.
    expect(localesFromAcceptLanguage('')).toEqual(['en-GB']);
    expect(localesFromAcceptLanguage(null)).toEqual(['en-GB']);
    expect(localesFromAcceptLanguage('not a tag!!,;q=x')).toEqual(['en-GB']);
    expect(localesFromAcceptLanguage('a,b,c,d,e,f,g'.split(',').map((l) => `${l}x`).join(','))).toHaveLength(5);
  });

  it('keeps missing and unreadable values recognisable', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatCalendarDate('soon')).toBe('soon');
  });
});
