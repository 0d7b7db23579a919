import 'server-only';
import { describe, expect, it } from 'vitest';
import { percentile, summarise } from './percentiles';

// Worked by hand: the rank is p × (n − 1), and between two ranks the value is interpolated.
describe('percentile', () => {
  it('is the middle value for an odd count and the mean of the middle two for an even one', () => {
    expect(percentile([5, 1, 3], 0.5)).toBe(3);
    expect(percentile([10, 1, 3, 2], 0.5)).toBe(2.5);
  });

  it('interpolates the 90th percentile between the ranks around it', () => {
    // 10 values 1..10: rank 0.9 × 9 = 8.1, between 9 and 10 → 9.1
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1, 10);
    // 4 values: rank 2.7 between 30 and 40 → 37
    expect(percentile([40, 10, 30, 20], 0.9)).toBeCloseTo(37, 10);
  });

  it('is the one value of a single duration, and null (not 0) for none', () => {
    expect(percentile([42], 0.9)).toBe(42);
    expect(percentile([], 0.5)).toBeNull();
    expect(summarise([])).toEqual({ count: 0, median_ms: null, p90_ms: null });
  });
});
