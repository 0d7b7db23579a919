import { describe, expect, it } from 'vitest';
import { isId } from './ids.ts';
import { idSchema } from './schemas.ts';

describe('isId', () => {
  it('answers as idSchema does, without zod', () => {
    for (const id of ['pkg_1', 'wf_access@2', 'a.b:c-d', 'x'.repeat(128), '.', '..', '...', 'a b', 'a/b', 'a%2F', '', 'x'.repeat(129), 'é'])
      expect(isId(id), id).toBe(idSchema.safeParse(id).success);
    expect(isId('rdr_0123abcd')).toBe(true);
    expect(isId('..')).toBe(false);
  });
  it('refuses an id once, with one message, in the schema', () => {
    expect(idSchema.safeParse('a b').error?.issues).toHaveLength(1);
  });
});
