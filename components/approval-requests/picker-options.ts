import { formatBytes, formatDateTime } from '@/lib/format';
import { documentChoices, documentNames, type DocumentSources } from './document-choices';
import { pagesText, referenceLabel } from '../documents/document-facts';

// What a document field's picker lists: the documents the request holds (attached, saved in
// the draft) first, named as such, then the app's documents the server found for the search.

export interface PickerOption {
  id: string;
  /** the document's name: the default name it is sent under */
  name: string;
  label: string;
  /** what tells it from others of its name: upload time, size, pages, where it is used */
  detail?: string;
}

/** What the API tells of a document found by the search (fields it may leave out are optional). */
export interface FoundDocument {
  id: string;
  name: string;
  logical_purpose?: string;
  size_bytes?: number;
  page_count?: number;
  created_at?: string;
  protected?: boolean;
  references?: readonly { kind: string; id: string }[];
}

/**
 * Whether a found document may be attached to a request: an attachment (the purpose the upload
 * names for approval requests' files), and not another request's or package's protected
 * evidence. The request's own documents come as offered ones, whatever they are.
 */
const attachable = (d: FoundDocument) => (d.logical_purpose ?? 'ATTACHMENT') === 'ATTACHMENT' && d.protected !== true;

function detailOf(d: FoundDocument): string {
  const uses = d.references ?? [];
  return [
    d.created_at ? `Uploaded ${formatDateTime(d.created_at)}` : 'Upload time unknown',
    ...(d.size_bytes === undefined ? [] : [formatBytes(d.size_bytes)]),
    ...(d.page_count === undefined ? [] : [pagesText(d.page_count)]),
    uses.length ? `in use by ${uses.map(referenceLabel).join(', ')}` : 'not used yet',
  ].join(' · ');
}

/** What the picker says of the search's documents it does not list; empty when it lists them all. */
export function hiddenDocuments(results: readonly FoundDocument[]): string {
  const hidden = results.filter((d) => !attachable(d)).length;
  if (hidden === 0) return '';
  return `${hidden} document${hidden === 1 ? '' : 's'} found ${hidden === 1 ? 'is' : 'are'} left out: evidence of another request or package, or not uploaded as an attachment.`;
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
  results: readonly FoundDocument[];
  query: string;
}

export function pickerOptions({ offered, results, query }: PickerOptionsArgs): PickerOption[] {
  const q = searchTerm(query).toLowerCase();
  const out = offered.filter((o) => !q || o.name.toLowerCase().includes(q) || o.id.toLowerCase().includes(q));
  for (const r of results)
    if (attachable(r) && !out.some((o) => o.id === r.id))
      out.push({ id: r.id, name: r.name, label: `${r.name} (${r.id})`, detail: detailOf(r) });
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
