import { z } from 'zod';
import { plainText } from '../plain-text.ts';
import { idSchema } from '../list/schemas.ts';
import { REFERENCE_MAX } from '../packages/schemas.ts';

// A package draft keeps the send form as typed (DESIGN.md section 6 keeps what a sender typed;
// a draft keeps it across visits). Any of it may be empty or not yet valid, since a draft is
// saved before it is finished: only shapes and sizes are checked here, and the preview checks
// the rest once the sender is ready.
export const DRAFT_MAX_SENDER_VALUES = 100;
export const DRAFT_MAX_SIGNERS = 20;
/** A draft body is a few kilobytes; the cap leaves room for every field at its maximum. */
export const DRAFT_BODY_LIMIT = 128 * 1024;

const FIELD_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

export const draftSignerSchema = z.strictObject({
  slot_id: z.string().min(1).max(64),
  name: z.string().max(200, 'At most 200 characters'),
  email: z.string().max(254, 'At most 254 characters'),
  phone: z.string().max(32, 'At most 32 characters'),
});

export const draftValuesSchema = z.strictObject({
  sender_values: z
    .record(z.string().regex(FIELD_KEY, 'not a field key'), z.string().max(500, 'At most 500 characters'))
    .refine((v) => Object.keys(v).length <= DRAFT_MAX_SENDER_VALUES, `At most ${DRAFT_MAX_SENDER_VALUES} values`),
  signers: z.array(draftSignerSchema).max(DRAFT_MAX_SIGNERS, `At most ${DRAFT_MAX_SIGNERS} signers`),
  /** as typed in "Days to sign": empty until the sender chooses */
  expires_in_days: z.string().max(8, 'At most 8 characters'),
  /** the sender's own reference; drafts saved before it existed have none */
  reference: plainText(z.string().max(REFERENCE_MAX, `At most ${REFERENCE_MAX} characters`)).optional(),
});
export type DraftValues = z.infer<typeof draftValuesSchema>;

const templateName = z.string().trim().max(200, 'At most 200 characters');

/** POST /api/package-drafts. The template's name is only for the list (drafts never call the API). */
export const createDraftSchema = z.strictObject({
  template_id: idSchema,
  template_name: templateName.optional(),
  values: draftValuesSchema,
  /** the package a "Use as a new package" copied, kept in the audit entry */
  source_package_id: idSchema.optional(),
});
export type CreateDraftInput = z.infer<typeof createDraftSchema>;

/** PUT /api/package-drafts/{id}: the whole draft again, with the version it was based on. */
export const updateDraftSchema = z.strictObject({
  version: z.number().int().min(1).max(2_147_483_647),
  template_id: idSchema,
  template_name: templateName.optional(),
  values: draftValuesSchema,
});
export type UpdateDraftInput = z.infer<typeof updateDraftSchema>;

/** A draft as the list shows it. */
export interface PackageDraftSummary {
  id: string;
  template_id: string;
  template_name: string | null;
  /** what tells drafts of one template apart: a counterparty, a signer */
  label: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface PackageDraft extends PackageDraftSummary {
  values: DraftValues;
}

export { DRAFT_CONFLICT, DRAFT_NOT_FOUND } from '../drafts/draft-codes.ts';
