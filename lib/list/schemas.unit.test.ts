import { describe, expect, it } from 'vitest';
import { idSchema } from './schemas.ts';

// Ids go into upstream paths: one that is a dot segment would move the call to another route
// (`/documents/..` is `/`), whatever encodeURIComponent makes of it.
describe('idSchema', () => {
  it('accepts workspace-scoped identifiers', () => {
    for (const id of ['doc_123', 'wf_leave@2', 'v1.2:3', 'a.', '.a', 'A-b_c', 'x'.repeat(128)])
      expect(idSchema.safeParse(id).success, id).toBe(true);
  });

  it('refuses dot segments, their encoded forms, separators, control characters and odd lengths', () => {
    const refused = [
      '.',
      '..',
      '...',
      '%2e',
      '%2e%2e',
      '%2E.',
      '.%2e',
      '..%2f',
      'a/b',
      '/',
      'a\\b',
      'a%2Fb',
      'a\u0000b',
      'a\nb',
      '\t',
      'a b',
      '',
      'x'.repeat(129),
    ];
    for (const id of refused) expect(idSchema.safeParse(id).success, JSON.stringify(id)).toBe(false);
  });
});
