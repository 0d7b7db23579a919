import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundsOf } from './field-bounds.ts';

afterEach(() => vi.unstubAllGlobals());

describe('boundsOf', () => {
  it('says a field’s bounds in the reader’s number format', () => {
    vi.stubGlobal('navigator', { languages: ['de-DE'] });
    expect(boundsOf({ key: 'j', path: 'j', title: 'J', kind: 'text', required: true, minLength: 10, maxLength: 1000 })).toBe('10 to 1.000 characters');
    expect(boundsOf({ key: 'a', path: 'a', title: 'A', kind: 'number', required: true, min: 0.01, max: 1_000_000 })).toBe('0,01 to 1.000.000');
    expect(boundsOf({ key: 'd', path: 'd', title: 'D', kind: 'integer', required: true, min: 1 })).toBe('at least 1');
    expect(boundsOf({ key: 'b', path: 'b', title: 'B', kind: 'boolean', required: true })).toBeNull();
  });

  it('says exclusive bounds, steps, patterns and entry counts', () => {
    vi.stubGlobal('navigator', { languages: ['en-GB'] });
    expect(boundsOf({ key: 'v', path: 'v', title: 'V', kind: 'number', required: true, exclusiveMin: 0, max: 10_000, multipleOf: 0.01 })).toBe(
      'at most 10,000, more than 0, in steps of 0.01',
    );
    expect(boundsOf({ key: 'r', path: 'r', title: 'R', kind: 'text', required: true, pattern: '^CTR-[0-9]{4}$' })).toBe('matching ^CTR-[0-9]{4}$');
    const item = { key: 's', path: 's.*', title: 'S', kind: 'email' as const, required: true };
    expect(boundsOf({ key: 's', path: 's', title: 'S', kind: 'array', required: true, item, minItems: 1, maxItems: 4, uniqueItems: true })).toBe(
      '1 to 4 entries, no entry twice',
    );
  });
});
