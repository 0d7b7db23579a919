import { z } from 'zod';
import { idSchema } from '../list/schemas.ts';
import { MAX_DOCUMENT_NAME } from '../approval-requests/limits.ts';

// An approval request not yet submitted, kept in the console (never at the API: the API has no
// route that submits, edits or deletes a request saved there as a draft, and such a draft keeps
// its workflow from being archived). What was typed is kept as it is, perhaps not yet valid:
// only shapes and sizes are checked here; the API checks the rest once the request is submitted.
/** A draft body: the form's values, with room for a large schema's worth of them. */
export const REQUEST_DRAFT_BODY_LIMIT = 256 * 1024;

const fieldKey = z.string().min(1).max(128);
const byField = (value: z.ZodString) => z.record(fieldKey, value).refine((v) => Object.keys(v).length <= 200, 'At most 200 fields');

export const requestDraftValuesSchema = z.strictObject({
  /** the release the form was filled in for: resuming shows its form (a newer one carries what fits) */
  release_id: z.string().regex(/^[A-Za-z0-9_.:@-]{1,128}@\d{1,9}$/, 'must look like <workflow_id>@<release>'),
  external_id: z.string().max(120, 'At most 120 characters'),
  form_data: z.record(fieldKey, z.unknown()).refine((v) => Object.keys(v).length <= 200, 'At most 200 fields'),
  documents: byField(z.string().max(128)),
  documentNames: byField(z.string().max(MAX_DOCUMENT_NAME)),
  signers: byField(z.string().max(8_000)),
});
export type RequestDraftValues = z.infer<typeof requestDraftValuesSchema>;

const workflowName = z.string().trim().max(200, 'At most 200 characters');

/** POST /api/request-drafts. The workflow's name is only for the list (drafts never call the API). */
export const createRequestDraftSchema = z.strictObject({
  workflow_id: idSchema,
  workflow_name: workflowName.optional(),
  values: requestDraftValuesSchema,
});
export type CreateRequestDraftInput = z.infer<typeof createRequestDraftSchema>;

/** PUT /api/request-drafts/{id}: the whole draft again, with the version it was based on. */
export const updateRequestDraftSchema = createRequestDraftSchema.extend({
  version: z.number().int().min(1).max(2_147_483_647),
});
export type UpdateRequestDraftInput = z.infer<typeof updateRequestDraftSchema>;

/** A draft as the list shows it. */
export interface RequestDraftSummary {
  id: string;
  workflow_id: string;
  workflow_name: string | null;
  /** what tells drafts of one workflow apart: a name among the values, or the external id */
  label: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface RequestDraft extends RequestDraftSummary {
  values: RequestDraftValues;
}
