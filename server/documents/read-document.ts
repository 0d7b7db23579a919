import 'server-only';
import { getDocument } from '../signing-api/documents';

/** One document as the API has it. */
export async function readDocument({ id }: { id: string }) {
  return getDocument(id);
}
