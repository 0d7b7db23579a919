import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it('reads minutes under an hour, hours under two days, days beyond', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45 * 60_000)).toBe('45 min');
    expect(formatDuration(5.5 * 3_600_000)).toBe('5.5 h');
    expect(formatDuration(2 * 3_600_000)).toBe('2 h');
    expect(formatDuration(3.25 * 86_400_000)).toBe('3.3 days');
  });
});
