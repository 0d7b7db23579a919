import { describe, expect, it } from 'vitest';
import { generatePassword } from './generate-password';

describe('generatePassword', () => {
  it('makes 16 characters without look-alikes, different each time', () => {
    const seen = new Set(Array.from({ length: 200 }, generatePassword));
    expect(seen.size).toBe(200);
    for (const p of seen) expect(p).toMatch(/^[A-HJ-NP-Za-km-z2-9_-]{16}$/);
  });
});
