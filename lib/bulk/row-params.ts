import { z } from 'zod';
import { idSchema } from '../list/schemas.ts';
import { BULK_MAX_ROWS } from './columns.ts';

/** `/api/bulk-batches/{id}/rows/{position}/…`: a batch and a row's 0-based position in it. */
export const rowParamsSchema = z.object({
  id: idSchema,
  position: z
    .string()
    .regex(/^\d{1,4}$/, 'not a row position')
    .transform(Number)
    .pipe(z.int().max(BULK_MAX_ROWS - 1, 'not a row position')),
});
