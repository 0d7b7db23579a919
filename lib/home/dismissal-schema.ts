import { z } from 'zod';

/** POST /api/home/dismissals: the key of a "Went wrong" row (`audit:<id>`). */
export const homeDismissalSchema = z.strictObject({
  key: z.string().regex(/^audit:\d{1,15}$/, 'must be the key of a row under Went wrong (audit:<number>)'),
});
export type HomeDismissal = z.infer<typeof homeDismissalSchema>;
