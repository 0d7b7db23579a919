import { z } from 'zod';
import { teamChoiceSchema } from '../teams/schemas.ts';
import { plainText } from '../plain-text.ts';
import { reviewEvidenceSchema } from '../packages/schemas.ts';
import { BULK_MAX_ROWS } from './columns.ts';

// What the browser sends to the batch routes (checked again there), and what they answer.

const typed = z.string().max(500);
const formValuesSchema = z.strictObject({
  sender_values: z.record(z.string().max(128), typed),
  signers: z.array(z.strictObject({ slot_id: z.string().min(1).max(64), name: typed, email: typed, phone: typed })).max(50),
  expires_in_days: z.string().max(20),
  reference: z.string().max(500),
});

export const BATCH_NAME_MAX = 120;

export const createBatchInputSchema = z.strictObject({
  template_id: z.string().min(1).max(128),
  name: plainText(z.string().trim().min(1, 'Name the batch').max(BATCH_NAME_MAX, `At most ${BATCH_NAME_MAX} characters`)),
  /** the expiry of rows that give none, as typed */
  expires_in_days: z.string().max(20),
  rows: z
    .array(z.strictObject({ line: z.int().min(1).max(1_000_000), values: formValuesSchema }))
    .min(1, 'The batch has no rows')
    .max(BULK_MAX_ROWS, `At most ${BULK_MAX_ROWS} rows in a batch`),
  /** the team the batch (and each of its packages) is for, one of the sender's; none: as a single send */
  team_id: teamChoiceSchema,
});
export type CreateBatchInput = z.infer<typeof createBatchInputSchema>;

/** A receipt of the row's own preview, and what the sender saw of it. */
export const reviewRowInputSchema = z.strictObject({
  preview_token: z.string().min(8).max(300),
  review: reviewEvidenceSchema,
});

/** A row's values put right on the batch's page (before it is sent); it is then reviewed again. */
export const fixRowInputSchema = z.strictObject({ values: formValuesSchema });
export type FixRowInput = z.infer<typeof fixRowInputSchema>;

/** A row left out of the batch (never sent), or taken back into it. */
export const skipRowInputSchema = z.strictObject({ skipped: z.boolean() });

export const BATCH_ACTIONS = ['pause', 'resume', 'cancel', 'retry_failed'] as const;
export const batchActionSchema = z.strictObject({ action: z.enum(BATCH_ACTIONS) });
export type BatchAction = (typeof BATCH_ACTIONS)[number];

export const BULK_ROW_STATES = ['to_review', 'reviewed', 'sending', 'sent', 'failed', 'cancelled', 'skipped'] as const;
export type BulkRowState = (typeof BULK_ROW_STATES)[number];
export type BulkBatchState = 'open' | 'paused' | 'cancelled';

export interface BulkRowSigner {
  slot_id: string;
  name: string;
  email: string;
  phone: string;
}

/** A row as the batch routes answer it. */
export interface BulkRow {
  position: number;
  line: number;
  state: BulkRowState;
  sender_values: Record<string, string | number>;
  signers: BulkRowSigner[];
  expires_in_days: number;
  reference: string | null;
  reviewed_at: string | null;
  /** the populated PDF's digest the sender reviewed */
  pdf_sha256: string | null;
  /** the key of the send under way or done, so a lost answer is confirmed under it */
  send_key: string | null;
  package_id: string | null;
  error: { code: string; message: string } | null;
  sent_at: string | null;
}

export interface BulkBatch {
  id: string;
  template_id: string;
  template_name: string;
  name: string;
  state: BulkBatchState;
  row_count: number;
  counts: Record<BulkRowState, number>;
  created_at: string;
  updated_at: string;
}

/**
 * Who made the batch. Only they review, fix, skip or stop its rows (their review is the evidence
 * of what was sent); an admin, or a member of the batch's team, reads it.
 */
export interface BatchOwner {
  mine: boolean;
  name: string;
}

export type BulkBatchDetail = BulkBatch & { rows: BulkRow[]; owner: BatchOwner };

/** What "Cancel the rest" did, by spreadsheet line, as it committed on the server. */
export interface CancelResult {
  /** never sent, and never will be */
  cancelled: number[];
  /** handed to the Signing API before the cancel: each ends sent or failed, as the batch shows */
  in_flight: number[];
  sent: number[];
}

/**
 * The batch route's answer: the batch with every row (full), or with only the rows changed
 * since the cursor it was asked from; `cursor` is what to ask from next time.
 */
export type BulkBatchRead = BulkBatchDetail & { cursor: string; full: boolean };

/** `?since=` the cursor of an earlier answer (opaque to the browser: a counter of the batch's changes). */
export const batchReadQuerySchema = z.strictObject({
  since: z
    .string()
    .regex(/^\d{1,15}$/, 'Not a cursor of this batch: read it without `since` first')
    .optional(),
});

/** Whether a batch has nothing left to do: every row sent, failed or cancelled. */
export const batchSettled = (counts: Record<BulkRowState, number>) => counts.to_review + counts.reviewed + counts.sending === 0;

/** The states a row may be fixed or skipped from: not yet handed to the API, nor done with. */
export const CHANGEABLE_ROW_STATES = ['to_review', 'reviewed', 'failed'] as const satisfies readonly BulkRowState[];
