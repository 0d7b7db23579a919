import type { RequestDocumentRef } from '@/lib/approval-requests/queries';
import { MAX_ACTOR_IDS, MAX_ACTOR_ID_LENGTH, MAX_DOCUMENT_NAME } from '@/lib/approval-requests/limits';

// A document field's share of a request body: the chosen document, the name it is sent under
// (editable, the document's own by default) and, where the workflow accepts per-document
// signing (spec: "only when the workflow accepts per-document signing"), its signers' actor IDs.

/** Actor IDs typed one per line or comma separated; blanks are left out. */
export function parseActorIds(text: string): { ids: string[]; error?: string } {
  const ids = text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const spaced = ids.find((id) => /\s/.test(id));
  if (spaced) return { ids, error: `“${spaced}” has a space: put each actor ID on its own line or separate them with commas` };
  const long = ids.find((id) => id.length > MAX_ACTOR_ID_LENGTH);
  if (long) return { ids, error: `“${long.slice(0, 12)}…” is longer than ${MAX_ACTOR_ID_LENGTH} characters` };
  if (ids.length > MAX_ACTOR_IDS) return { ids, error: `At most ${MAX_ACTOR_IDS} actor IDs (${ids.length} given)` };
  return { ids };
}

export interface DocumentValues {
  /** field key → chosen document id ('' for none) */
  documents: Record<string, string>;
  /** field key → the name sent with the document */
  names: Record<string, string>;
  /** field key → actor IDs as typed */
  signers: Record<string, string>;
  /** the workflow accepts per-document signing */
  signing: boolean;
}

const chosen = (documents: Record<string, string>) => Object.entries(documents).filter(([, id]) => id);

/** The `documents` of a request body: one entry per field holding a document. */
export function documentRefs({ documents, names, signers, signing }: DocumentValues): RequestDocumentRef[] {
  return chosen(documents).map(([field_key, document_id]) => {
    const ids = signing ? parseActorIds(signers[field_key] ?? '').ids : [];
    const name = names[field_key]?.trim() || document_id;
    return { document_id, field_key, name, ...(ids.length ? { sign_actor_ids: ids } : {}) };
  });
}

export interface DocumentIssue {
  path: ['documentNames' | 'signers', string];
  message: string;
}

/** What is wrong with the names and actor IDs of the chosen documents, at the form's paths. */
export function documentContentIssues({ documents, names, signers, signing }: DocumentValues): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const picked = chosen(documents).map(([key]) => key);
  for (const key of picked) {
    const name = names[key]?.trim() ?? '';
    if (!name) issues.push({ path: ['documentNames', key], message: 'Give the document a name' });
    else if (name.length > MAX_DOCUMENT_NAME)
      issues.push({ path: ['documentNames', key], message: `At most ${MAX_DOCUMENT_NAME} characters (${name.length} given)` });
  }
  if (signing)
    for (const key of picked) {
      const { error } = parseActorIds(signers[key] ?? '');
      if (error) issues.push({ path: ['signers', key], message: error });
    }
  return issues;
}

/** A form's document values from stored documents (a request's, a saved draft's). */
export function documentValuesFrom(keys: readonly string[], refs: readonly RequestDocumentRef[]) {
  const out = {
    documents: {} as Record<string, string>,
    documentNames: {} as Record<string, string>,
    signers: {} as Record<string, string>,
  };
  for (const key of keys) {
    const ref = refs.find((d) => d.field_key === key);
    out.documents[key] = ref?.document_id ?? '';
    out.documentNames[key] = ref?.name ?? '';
    out.signers[key] = ref?.sign_actor_ids?.join('\n') ?? '';
  }
  return out;
}

/**
 * Whether signers may be offered on a request's document fields: the request's own flag when
 * it carries one, else its workflow's; absent or false is "no" (the spec allows sign_actor_ids
 * "only when the workflow accepts per-document signing").
 */
export function acceptsSigning(
  request: { accepts_per_document_signing?: unknown },
  workflow?: { accepts_per_document_signing?: unknown },
): boolean {
  const own = request.accepts_per_document_signing;
  return typeof own === 'boolean' ? own : workflow?.accepts_per_document_signing === true;
}
