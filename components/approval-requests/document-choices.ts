import type { RequestDocumentRef } from '@/lib/approval-requests/queries';
import type { DocumentItem } from '@/lib/documents/schemas';

// What a document field can hold. A request's attached document (and a saved draft's) is
// offered whether or not it is among the uploads the picker lists, and is named as such, so
// the field never shows "Choose a document…" over a file it still holds.

export interface DocumentSources {
  /** the documents the request carries now: what the reviewer sees */
  attached?: readonly RequestDocumentRef[];
  /** the documents of the saved revision draft */
  saved?: readonly RequestDocumentRef[];
  /** the app's uploads the picker lists (undefined while loading) */
  uploaded?: readonly Pick<DocumentItem, 'id' | 'name'>[];
}

export interface DocumentChoice {
  id: string;
  label: string;
}

const refFor = (docs: readonly RequestDocumentRef[] | undefined, fieldKey: string) => docs?.find((d) => d.field_key === fieldKey);

/** One option per document, the attached one first, then the draft's, then the uploads. */
export function documentChoices(fieldKey: string, sources: DocumentSources): DocumentChoice[] {
  const choices: DocumentChoice[] = [];
  const add = (id: string, name: string, note?: string) => {
    // The note before the id: on a narrow select the id is what gets cut off.
    if (!choices.some((c) => c.id === id)) choices.push({ id, label: note ? `${name} — ${note} (${id})` : `${name} (${id})` });
  };
  const attached = refFor(sources.attached, fieldKey);
  const saved = refFor(sources.saved, fieldKey);
  if (attached) add(attached.document_id, attached.name, 'currently attached');
  if (saved) add(saved.document_id, saved.name, 'saved in your draft');
  for (const d of sources.uploaded ?? []) add(d.id, d.name);
  return choices;
}

/** What the field's value does to the document attached now, in the requester's words. */
export function attachmentNote(
  fieldKey: string,
  value: string,
  attached: readonly RequestDocumentRef[] | undefined,
): string | undefined {
  const current = refFor(attached, fieldKey);
  if (!current) return undefined;
  if (value === current.document_id)
    return `Currently attached: ${current.name}. Keep it, or choose another document to replace it.`;
  return value ? `Replaces ${current.name}, which is attached now.` : `Removes ${current.name}, which is attached now.`;
}

/** Document names by id for the request body: the names the request holds first, as they were sent. */
export function documentNames(sources: DocumentSources): Map<string, string> {
  const names = new Map<string, string>();
  for (const d of [...(sources.attached ?? []), ...(sources.saved ?? [])])
    if (!names.has(d.document_id)) names.set(d.document_id, d.name);
  for (const d of sources.uploaded ?? []) if (!names.has(d.id)) names.set(d.id, d.name);
  return names;
}
