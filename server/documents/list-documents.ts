import 'server-only';
import type { LogicalPurpose } from '@/lib/documents/schemas';
import { pageOfRows, scanList } from '../lists/scan-list';
import { listDocuments as listFromApi } from '../signing-api/documents';
import { currentScope } from '../teams/scope';
import { documentsInScope } from './document-uploads';

/** How much of the app's documents a list seen through teams looks through (20 of the API's pages). */
export const DOCUMENT_SCAN_ROWS = 2_000;

export interface ListDocumentsOptions {
  query: { page: number; size: number; q?: string; logical_purpose?: LogicalPurpose };
}

/**
 * One page of the app's documents, as the API lists them (q and purpose filtered there). Seen
 * through teams, the list is what the console uploaded for the reader's teams among the newest
 * DOCUMENT_SCAN_ROWS, paged here, so its pages and counts hold only those.
 */
export async function listDocuments({ query }: ListDocumentsOptions) {
  if ((await currentScope()).kind === 'everything') return listFromApi(query);
  const { page, size, ...filters } = query;
  const scan = await scanList({ read: (p, s) => listFromApi({ ...filters, page: p, size: s }), maxRows: DOCUMENT_SCAN_ROWS });
  const seen = await documentsInScope(scan.rows.map((d) => d.id));
  const rows = scan.rows.filter((d) => seen === null || seen.has(d.id));
  return { ...pageOfRows(rows, page, size), scan: { scanned: scan.scanned, complete: scan.complete } };
}
