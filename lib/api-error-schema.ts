import { z } from 'zod';
import type { ErrorBody } from './api-error.ts';

// The error body of DESIGN.md section 3 as a zod schema, for the server side (the sandbox
// control client) and the tests. The browser reads the same shape with readErrorBody
// (lib/api-error.ts), a hand-written check that keeps zod out of every page's first load;
// lib/api-error.unit.test.ts holds the two to the same verdicts.
export const errorDetailSchema = z.looseObject({ path: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    details: z.array(errorDetailSchema).optional(),
    request_id: z.string().optional(),
  }),
}) satisfies z.ZodType<ErrorBody>;
