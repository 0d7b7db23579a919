import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { DRAFT_NOT_FOUND, draftValuesSchema, type PackageDraft, type PackageDraftSummary } from '@/lib/package-drafts/schemas';
import type { PackageDraftsTable } from '../db/schema';
import { ConsoleError } from '../errors';

// Package drafts live in the console's own database, one user's each: every query names the
// user, so another user's draft id reads exactly like one that never existed.

export type DraftRow = Selectable<PackageDraftsTable>;

export const toSummary = (row: DraftRow): PackageDraftSummary => ({
  id: row.id,
  template_id: row.template_id,
  template_name: row.template_name,
  label: row.label,
  version: Number(row.version),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The stored JSON is parsed again on the way out: the row is only as trusted as its schema. */
export const toDraft = (row: DraftRow): PackageDraft => ({
  ...toSummary(row),
  values: draftValuesSchema.parse(JSON.parse(row.form_values)),
});

export const draftNotFound = () =>
  new ConsoleError(404, DRAFT_NOT_FOUND, 'This draft does not exist (any more): it was sent or deleted.');

export const newDraftId = () => `pdr_${randomUUID().replaceAll('-', '')}`;
