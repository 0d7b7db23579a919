import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundsOf } from './field-bounds.ts';

afterEach(() => vi.unstubAllGlobals());

describe('boundsOf', () => {
  it('says a field’s bounds in the reader’s number format', () => {
    vi.stubGlobal('navigator', { languages: ['de-DE'] });
    expect(boundsOf({ key: 'j', title: 'J', kind: 'text', required: true, minLength: 10, maxLength: 1000 })).toBe('10 to 1.000 characters');
    expect(boundsOf({ key: 'a', title: 'A', kind: 'number', required: true, min: 0.01, max: 1_000_000 })).toBe('0,01 to 1.000.000');
    expect(boundsOf({ key: 'd', title: 'D', kind: 'integer', required: true, min: 1 })).toBe('at least 1');
    expect(boundsOf({ key: 'b', title: 'B', kind: 'boolean', required: true })).toBeNull();
  });
});
