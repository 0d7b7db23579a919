import 'server-only';
import type { LogicalPurpose } from '@/lib/documents/schemas';
import { listDocuments as listFromApi } from '../signing-api/documents';

export interface ListDocumentsOptions {
  query: { page: number; size: number; q?: string; logical_purpose?: LogicalPurpose };
}

/** One page of the app's documents, as the API lists them (q and purpose filtered there). */
export async function listDocuments({ query }: ListDocumentsOptions) {
  return listFromApi(query);
}
