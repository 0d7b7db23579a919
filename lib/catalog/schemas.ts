import { z } from 'zod';
import { plainText } from '../plain-text.ts';

// Catalog records as the console reads them. Loose objects: the API may add fields.
const archive = { archived_at: z.string().nullish(), archive_reason: z.string().nullish() };

export const categorySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().default(''),
  status: z.string(),
  created_at: z.string().optional(),
  ...archive,
});
export type Category = z.infer<typeof categorySchema>;

export const categoryCreatedSchema = categorySchema.extend({
  request_form_created: z.boolean().optional(),
  key_scope_expanded: z.boolean().optional(),
});

export const requestTemplateSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().default(''),
  status: z.string().optional(),
  category_id: z.string().optional(),
  form_version: z.number().optional(),
});
export type RequestTemplate = z.infer<typeof requestTemplateSchema>;

export const workflowReleaseSchema = z.looseObject({
  release: z.number(),
  workflow_release_id: z.string(),
  form_version: z.number().optional(),
  published_version: z.number().optional(),
  published_at: z.string().optional(),
});

export const workflowSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().default(''),
  status: z.string(),
  workflow_release_id: z.string(),
  category_id: z.string().optional(),
  category_name: z.string().optional(),
  request_template_id: z.string().optional(),
  request_template_name: z.string().optional(),
  request_form_id: z.string().optional(),
  current_release: z.number().optional(),
  form_version: z.number().optional(),
  published_version: z.number().optional(),
  published_at: z.string().optional(),
  releases: z.array(workflowReleaseSchema).default([]),
  layers: z.array(z.looseObject({ name: z.string(), sla_hours: z.number().optional() })).default([]),
  runtime: z.string().optional(),
  accepts_per_document_signing: z.boolean().optional(),
  ...archive,
});
export type Workflow = z.infer<typeof workflowSchema>;

export const releaseSchemaSchema = z.looseObject({
  workflow_id: z.string().optional(),
  release: z.number().optional(),
  workflow_release_id: z.string().optional(),
  // Any JSON: what a form can carry of it is read by lib/submission-schema, which names what it
  // cannot carry; refusing the answer here would hide the raw schema behind "unexpected shape".
  schema: z.unknown(),
});
export type ReleaseSchema = z.infer<typeof releaseSchemaSchema>;

export const requestFormSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().default(''),
  status: z.string(),
  category_id: z.string().optional(),
  request_template_id: z.string().optional(),
  workflow_id: z.string().optional(),
  form_version: z.number().optional(),
  ...archive,
});
export type RequestForm = z.infer<typeof requestFormSchema>;

const rect = z.looseObject({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const signTemplateSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().default(''),
  status: z.string().optional(),
  api_enabled: z.boolean().optional(),
  page_count: z.number().optional(),
  versions: z
    .array(
      z.looseObject({ id: z.string(), number: z.number(), page_count: z.number().optional(), created_at: z.string().optional() }),
    )
    .default([]),
  current_version_id: z.string().optional(),
  slots: z
    .array(
      z.looseObject({
        slot_id: z.string(),
        label: z.string(),
        recipient_kind: z.string().optional(),
        page: z.number().optional(),
        rect: rect.optional(),
      }),
    )
    .default([]),
  sender_fields: z
    .array(
      z.looseObject({
        key: z.string(),
        label: z.string(),
        type: z.string(),
        required: z.boolean().default(false),
        page: z.number().optional(),
        rect: rect.optional(),
      }),
    )
    .default([]),
});
export type SignTemplate = z.infer<typeof signTemplateSchema>;

/** Admin inputs, shared by the form (client) and the route (server). */
export const createCategorySchema = z.strictObject({
  name: plainText(z.string().trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters')),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
});
export type CreateCategoryInput = z.input<typeof createCategorySchema>;

export const archiveSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(5, 'Give a reason of at least 5 characters')
    .max(500, 'The reason must be at most 500 characters'),
});
export type ArchiveInput = z.infer<typeof archiveSchema>;
