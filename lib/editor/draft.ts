import { z } from 'zod';
import { layoutFieldSchema } from '../documents/schemas.ts';

// The unsaved layout is kept in this browser per document (lib/unsaved-work/local-copy.ts), so a
// reload, an expired session or a closed tab does not lose it; it is dropped once saved or
// discarded, and every kept layout is dropped at sign-out, so the next person here finds none.

const keptLayoutSchema = z.object({
  /** the user's working layout */
  fields: z.array(layoutFieldSchema).max(500),
  /** the server layout the edits started from, for a three-way rebase after a conflict */
  base: z.array(layoutFieldSchema).max(500),
  /** the version of `base` */
  version: z.number().int().min(0),
  extraSlots: z.array(z.string()).default([]),
});
export type KeptLayout = z.infer<typeof keptLayoutSchema>;

/** A kept layout as the editor takes it, or null for anything else found in storage. */
export function acceptLayout(raw: unknown): KeptLayout | null {
  const parsed = keptLayoutSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
