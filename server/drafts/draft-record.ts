import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { DRAFT_NOT_FOUND } from '@/lib/drafts/draft-codes';
import type { DraftsTable } from '../db/schema';
import { ConsoleError } from '../errors';

// Drafts live in the console's own database, one user's each: every query names the user and
// the kind, so another user's draft id (or a draft of another kind) reads exactly like one that
// never existed.

export type DraftRow = Selectable<DraftsTable>;

/** The common part of every draft as the list shows it; each kind names its subject itself. */
export interface DraftMeta {
  id: string;
  label: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/**
 * What a kind of draft brings: its values' schema (shapes and sizes only: a draft is saved
 * before it is finished), how its label is read from them, and its subject's names on the wire.
 */
export interface DraftKind<V, S extends DraftMeta> {
  kind: 'package' | 'request';
  idPrefix: string;
  values: z.ZodType<V>;
  label(values: V): string;
  summary(meta: DraftMeta, subject: { id: string; name: string | null }): S;
  /** "This draft does not exist (any more): …" */
  gone: string;
}

/** What a create or an update writes. */
export interface DraftInput<V> {
  subjectId: string;
  subjectName?: string;
  values: V;
}

export const toSummary = <V, S extends DraftMeta>(kind: DraftKind<V, S>, row: DraftRow): S =>
  kind.summary(
    { id: row.id, label: row.label, version: Number(row.version), created_at: row.created_at, updated_at: row.updated_at },
    { id: row.subject_id, name: row.subject_name },
  );

/** The stored JSON is parsed again on the way out: the row is only as trusted as its schema. */
export const toDraft = <V, S extends DraftMeta>(kind: DraftKind<V, S>, row: DraftRow): S & { values: V } => ({
  ...toSummary(kind, row),
  values: kind.values.parse(JSON.parse(row.form_values)),
});

export const draftNotFound = (kind: DraftKind<unknown, DraftMeta>) => new ConsoleError(404, DRAFT_NOT_FOUND, kind.gone);

export const newDraftId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

/** The columns a create or an update writes. */
export const written = <V, S extends DraftMeta>(kind: DraftKind<V, S>, input: DraftInput<V>) => ({
  subject_id: input.subjectId,
  subject_name: input.subjectName || null,
  label: kind.label(input.values),
  form_values: JSON.stringify(input.values),
});
