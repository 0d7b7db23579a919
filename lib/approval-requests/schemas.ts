import { z } from 'zod';

import { idSchema } from '../list/schemas.ts';
import { teamChoiceSchema } from '../teams/schemas.ts';
import { maybe } from '../read-tolerant.ts';
import { EXTERNAL_ID, MAX_ACTOR_IDS, MAX_ACTOR_ID_LENGTH, MAX_DOCUMENT_NAME } from './limits.ts';

export { EXTERNAL_ID, MAX_ACTOR_IDS, MAX_ACTOR_ID_LENGTH, MAX_DOCUMENT_NAME };

const documentRef = z.strictObject({
  document_id: idSchema,
  field_key: z.string().min(1).max(128),
  name: z.string().trim().min(1).max(MAX_DOCUMENT_NAME),
  // Internal Actor IDs, sent only where the workflow takes per-document signing: at least one.
  sign_actor_ids: z
    .array(
      z.string().regex(new RegExp(`^\\S{1,${MAX_ACTOR_ID_LENGTH}}$`), `1 to ${MAX_ACTOR_ID_LENGTH} characters without spaces`),
    )
    .min(1)
    .max(MAX_ACTOR_IDS)
    .optional(),
});

export const submitRequestSchema = z.strictObject({
  // Ids that become upstream paths follow the path parameters' opaque-id rule.
  workflow_id: idSchema,
  workflow_release_id: z
    .string()
    .regex(/^[A-Za-z0-9_.:@-]{1,128}@\d{1,9}$/, 'must look like <workflow_id>@<release>')
    .refine((v) => idSchema.safeParse(v.slice(0, v.lastIndexOf('@'))).success, 'must look like <workflow_id>@<release>'),
  external_id: z.string().regex(EXTERNAL_ID, '3-120 letters, digits, period, underscore, colon or hyphen'),
  form_data: z.record(z.string(), z.unknown()),
  documents: z.array(documentRef).max(50).optional(),
  submit: z.boolean(),
  /** the team it is submitted for, one of the submitter's (several: the last used when none is named); never sent to the API */
  team_id: teamChoiceSchema,
});
export type SubmitRequestInput = z.infer<typeof submitRequestSchema>;

export const revisionSchema = z.strictObject({
  expected_version: z.number().int().min(0),
  expected_task_version: z.number().int().min(0),
  form_data: z.record(z.string(), z.unknown()),
  documents: z.array(documentRef).max(50).optional(),
});
export type RevisionInput = z.infer<typeof revisionSchema>;

/** A document attached to a request, as the API answers it: only what a revision sends back. */
export const requestDocumentSchema = z.object({
  document_id: z.string(),
  field_key: z.string(),
  name: z.string(),
  sign_actor_ids: z.array(z.string()).optional().catch(undefined),
});
export type RequestDocumentRef = z.infer<typeof requestDocumentSchema>;

export const visitedStepSchema = z.looseObject({
  layer: z.number(),
  name: z.string(),
  entered_at: z.string(),
  decided_at: z.string().nullable(),
  decision: z.string().nullable(),
  comment: z.string().nullable(),
});
export type VisitedStep = z.infer<typeof visitedStepSchema>;

export const decisionSchema = z.looseObject({
  layer: z.number(),
  name: z.string(),
  decision: z.string(),
  comment: z.string().nullable(),
  at: z.string(),
});
export type DecisionEntry = z.infer<typeof decisionSchema>;

export const revisionTaskSchema = z.looseObject({
  id: maybe(z.string()),
  version: z.number(),
  requirements: z.array(z.looseObject({ field_key: z.string().nullish(), message: z.string() })).default([]),
  comment: z.string().nullish(),
  requested_at: maybe(z.string()),
});
export type RevisionTask = z.infer<typeof revisionTaskSchema>;

export const revisionDraftSchema = z.looseObject({
  form_data: z.record(z.string(), z.unknown()),
  documents: z.array(requestDocumentSchema).optional().catch(undefined),
});
export type RevisionDraft = z.infer<typeof revisionDraftSchema>;

// The spec names few fields of a request; those the pages read beyond them are read tolerantly.
export const approvalRequestSchema = z.looseObject({
  id: z.string(),
  external_id: z.string().optional(),
  status: z.string(),
  version: z.number(),
  request_revision: z.number().optional(),
  workflow_id: z.string().optional(),
  workflow_release_id: z.string().optional(),
  form_version: z.number().optional(),
  published_version: z.number().optional(),
  form_data: z.record(z.string(), z.unknown()).default({}),
  remaining_approval_layers: z.array(z.unknown()).optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  workflow_name: maybe(z.string()),
  documents: maybe(z.array(requestDocumentSchema)),
  visited_steps: maybe(z.array(visitedStepSchema)),
  decisions: maybe(z.array(decisionSchema)),
  current_layer: maybe(z.number()),
  current_layer_name: maybe(z.string()),
  approval_layers: maybe(z.array(z.looseObject({ name: z.string(), sla_hours: maybe(z.number()) }))),
  sla: maybe(z.looseObject({ layer: maybe(z.number()), due_at: z.string(), breached: maybe(z.boolean()) })),
  submitted_at: maybe(z.string()),
  completed_at: maybe(z.string()),
  revision_task: maybe(revisionTaskSchema.extend({ draft: maybe(revisionDraftSchema) })),
  /** the workflow's flag as the request carries it, where the API tells */
  accepts_per_document_signing: maybe(z.boolean()),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const revisionRequirementsSchema = z.looseObject({
  request_id: z.string().optional(),
  version: z.number(),
  task: revisionTaskSchema,
  draft: maybe(revisionDraftSchema),
});
export type RevisionRequirements = z.infer<typeof revisionRequirementsSchema>;
