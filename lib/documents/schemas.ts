import { z } from 'zod';

import { LOGICAL_PURPOSES, MAX_PDF_PAGES, MAX_UPLOAD_BYTES, type LogicalPurpose } from './limits.ts';

export { LOGICAL_PURPOSES, MAX_PDF_PAGES, MAX_UPLOAD_BYTES, type LogicalPurpose };

export const documentSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  logical_purpose: z.string(),
  status: z.string().optional(),
  size_bytes: z.number().optional(),
  page_count: z.number().optional(),
  sha256: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  protected: z.boolean().default(false),
  protection_reason: z.string().nullish(),
  references: z.array(z.looseObject({ kind: z.string(), id: z.string() })).default([]),
  layout_status: z.string().optional(),
  layout_version: z.number().optional(),
});
export type DocumentItem = z.infer<typeof documentSchema>;

export const deleteDocumentSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(5, 'Give a reason of at least 5 characters')
    .max(500, 'The reason must be at most 500 characters'),
});

export const FIELD_TYPES = ['signature', 'initials', 'date', 'text', 'checkbox'] as const;

export const layoutFieldSchema = z.strictObject({
  id: z.string().min(1).max(64),
  type: z.enum(FIELD_TYPES),
  page: z.number().int().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  slot_id: z.string().min(1).max(64),
  required: z.boolean(),
});
export type LayoutField = z.infer<typeof layoutFieldSchema>;

export const layoutSchema = z.looseObject({ fields: z.array(layoutFieldSchema).max(500) });
export type Layout = z.infer<typeof layoutSchema>;

// What the browser learns of an editor session: the fields named here and nothing else. The
// API may add fields (and may echo the session id in them); z.object drops whatever is not
// named, and a named field of an unexpected type is left out rather than failing the answer:
// the browser normalises fields anyway (lib/editor/field-types.ts).
const maybe = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const editorFieldSchema = z.object({
  id: z.string(),
  type: maybe(z.string()),
  page: maybe(z.number()),
  x: maybe(z.number()),
  y: maybe(z.number()),
  width: maybe(z.number()),
  height: maybe(z.number()),
  slot_id: maybe(z.string()),
  required: maybe(z.boolean()),
});

const editorLayoutSchema = z.object({ fields: z.array(editorFieldSchema).default([]) });

export const editorStateSchema = z.object({
  document_id: maybe(z.string()),
  layout: editorLayoutSchema,
  version: z.number(),
  purpose: z.string().nullish().catch(undefined),
  expires_at: z.string(),
  status: maybe(z.string()),
  page_count: maybe(z.number().int().positive()),
  page_sizes: maybe(z.array(z.object({ width: z.number().positive(), height: z.number().positive() }))),
});

/** A command's answer: the new version and layout (its expiry only if the API tells). */
export const editorCommandResultSchema = z.object({
  document_id: maybe(z.string()),
  version: z.number(),
  layout: editorLayoutSchema,
  status: maybe(z.string()),
  expires_at: maybe(z.string()),
});

export const openEditorSchema = z.strictObject({
  purpose: z
    .string()
    .trim()
    .min(3, 'Purpose must be at least 3 characters')
    .max(120, 'Purpose must be at most 120 characters')
    .optional(),
});

export const editorCommandSchema = z.strictObject({
  type: z.enum(['SAVE_LAYOUT', 'COMPLETE']),
  expectedVersion: z.number().int().min(0),
  layout: layoutSchema.optional(),
});
export type EditorCommand = z.infer<typeof editorCommandSchema>;
