import { z } from 'zod';
import { layoutFieldSchema, type LayoutField } from '../documents/schemas.ts';

// The unsaved layout is kept in localStorage per document, so a reload, an expired session or
// a closed tab does not lose it; it is dropped once saved or discarded, and every kept layout
// is dropped at sign-out (lib/kept-work.ts), so the next person at this browser finds none.

const draftSchema = z.object({
  /** the user's working layout */
  fields: z.array(layoutFieldSchema).max(500),
  /** the server layout the edits started from, for a three-way rebase after a conflict */
  base: z.array(layoutFieldSchema).max(500),
  /** the version of `base` */
  version: z.number().int().min(0),
  extraSlots: z.array(z.string()).default([]),
  savedAt: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

export function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function serializeDraft(d: { fields: LayoutField[]; base: LayoutField[]; version: number; extraSlots: string[] }, now = new Date()): string {
  return JSON.stringify({ ...d, savedAt: now.toISOString() });
}
