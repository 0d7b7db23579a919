import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readErrorBody } from './api-error.ts';
import { errorBodySchema } from './api-error-schema.ts';

// The browser's hand-written reader of error bodies and the zod schema the server uses must
// accept and refuse the same bodies, and read accepted ones alike.
const agree = (json: unknown) => {
  const zod = errorBodySchema.safeParse(json);
  expect(readErrorBody(json)).toEqual(zod.success ? zod.data : null);
};

const detail = fc.record({ path: fc.oneof(fc.string(), fc.integer()), message: fc.oneof(fc.string(), fc.constant(undefined)) }, { requiredKeys: [] });
const body = fc.record(
  {
    error: fc.oneof(
      fc.record(
        {
          code: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
          message: fc.oneof(fc.string(), fc.constant(undefined)),
          details: fc.oneof(fc.array(fc.oneof(detail, fc.anything())), fc.constant(undefined), fc.string()),
          request_id: fc.oneof(fc.string(), fc.integer(), fc.constant(undefined)),
          field_id: fc.string(),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    ),
  },
  { requiredKeys: [] },
);

describe('readErrorBody agrees with errorBodySchema', () => {
  it('on bodies the console writes', () => {
    agree({ error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: [{ path: 'name', message: 'required', field_id: 'f1' }], request_id: 'r1' } });
    agree({ error: { code: 'NOT_FOUND', message: 'Gone', retry: true } });
    agree({ error: { code: 'X', message: 'Y', details: [{ path: 'a' }] } });
    agree({ error: { code: 'X', message: 'Y', request_id: null } });
    for (const odd of [null, 42, 'text', [], { error: [] }, { error: null }, {}]) agree(odd);
  });

  it('on generated bodies, well-formed or not', () => {
    fc.assert(fc.property(fc.oneof(body, fc.anything()), agree), { numRuns: 2000 });
  });
});
