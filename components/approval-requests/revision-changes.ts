import type { RequestDocumentRef, RevisionRequirements } from '@/lib/approval-requests/queries';
import type { FieldDescriptor } from '@/lib/submission-schema/fields';
import { displayValue } from './schema-form-base';

// What changed between two reads of a revision (after a 409 VERSION_CONFLICT), so the user
// sees the intervening edits before retrying: versions, saved-draft fields, the reviewer's asks.

export interface FieldChange {
  key: string;
  title: string;
  before: string;
  after: string;
  /** the value as stored, for "use this value" */
  value: unknown;
  kind: FieldDescriptor['kind'];
}

export interface RevisionChanges {
  version: [number, number];
  taskVersion: [number, number];
  fields: FieldChange[];
  requirementsChanged: boolean;
}

type Content = { form_data: Record<string, unknown>; documents: RequestDocumentRef[] };

/** The content a read stands for: its saved draft, else the request's current data. */
export function contentOf(read: RevisionRequirements, current: Content): Content {
  return read.draft ? { form_data: read.draft.form_data ?? {}, documents: read.draft.documents ?? current.documents } : current;
}

/**
 * The change between the read a requester started from and a fresh one. Without a draft a read
 * stands for the request's own data, so each side is paired with the request as read then
 * (`currentAfter`: the request read again with the revision), and an edit made outside any
 * draft shows too.
 */
export function describeChanges(
  before: RevisionRequirements,
  after: RevisionRequirements,
  fields: readonly FieldDescriptor[],
  currentBefore: Content,
  currentAfter: Content = currentBefore,
): RevisionChanges {
  const a = contentOf(before, currentBefore);
  const b = contentOf(after, currentAfter);
  const changes: FieldChange[] = [];
  for (const f of fields) {
    const docOf = (c: Content) => c.documents.find((d) => d.field_key === f.key);
    const was = f.kind === 'document' ? docOf(a)?.name : a.form_data[f.key];
    const now = f.kind === 'document' ? docOf(b)?.name : b.form_data[f.key];
    if (JSON.stringify(was ?? null) === JSON.stringify(now ?? null)) continue;
    changes.push({
      key: f.key,
      title: f.title,
      before: displayValue(f, was),
      after: displayValue(f, now),
      value: f.kind === 'document' ? (docOf(b)?.document_id ?? '') : now,
      kind: f.kind,
    });
  }
  return {
    version: [before.version, after.version],
    taskVersion: [before.task.version, after.task.version],
    fields: changes,
    requirementsChanged:
      JSON.stringify(before.task.requirements) !== JSON.stringify(after.task.requirements) ||
      (before.task.comment ?? null) !== (after.task.comment ?? null),
  };
}
