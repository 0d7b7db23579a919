import { describe, expect, it } from 'vitest';
import { formatPoints, pageCount } from './points.ts';

describe('points and pages as the editor says them', () => {
  it('rounds to two decimals at most, with no trailing zeros', () => {
    expect(formatPoints(595.91998)).toBe('595.92');
    expect(formatPoints(842)).toBe('842');
    expect(formatPoints(612.5)).toBe('612.5');
  });

  it('counts pages in the singular for one', () => {
    expect(pageCount(1)).toBe('1 page');
    expect(pageCount(3)).toBe('3 pages');
  });
});
