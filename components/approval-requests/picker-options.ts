import { documentChoices, documentNames, type DocumentSources } from './document-choices';

// What a document field's picker lists: the documents the request holds (attached, saved in
// the draft) first, named as such, then the app's documents the server found for the search.

export interface PickerOption {
  id: string;
  /** the document's name: the default name it is sent under */
  name: string;
  label: string;
}

/** The request's own documents for this field (document-choices.ts), with their names. */
export function offeredOptions(fieldKey: string, sources: Pick<DocumentSources, 'attached' | 'saved'>): PickerOption[] {
  const names = documentNames(sources);
  return documentChoices(fieldKey, sources).map((c) => ({ ...c, name: names.get(c.id) ?? c.id }));
}

/** The spec limits a search to 100 characters. */
export const searchTerm = (text: string) => text.trim().slice(0, 100);

interface PickerOptionsArgs {
  offered: PickerOption[];
  results: readonly { id: string; name: string }[];
  query: string;
}

export function pickerOptions({ offered, results, query }: PickerOptionsArgs): PickerOption[] {
  const q = searchTerm(query).toLowerCase();
  const out = offered.filter((o) => !q || o.name.toLowerCase().includes(q) || o.id.toLowerCase().includes(q));
  for (const r of results)
    if (!out.some((o) => o.id === r.id)) out.push({ id: r.id, name: r.name, label: `${r.name} (${r.id})` });
  return out;
}

interface SearchState {
  error?: string;
  pending: boolean;
  shown: number;
  /** the server's count of matching documents */
  total?: number;
  query: string;
}

/** What the picker's live region announces as results arrive. */
export function searchStatus({ error, pending, shown, total, query }: SearchState): string {
  if (error) return `The documents could not be searched: ${error}`;
  if (pending) return 'Searching documents…';
  if (shown === 0) return query ? `No documents match “${query}”.` : 'No documents yet: upload a PDF.';
  const of = total === undefined ? '' : ` of ${total} document${total === 1 ? '' : 's'}${query ? ` matching “${query}”` : ''}`;
  return `${shown} shown${of}. Use the arrow keys to choose.`;
}
