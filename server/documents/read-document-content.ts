import 'server-only';
import { withViewingSession } from '../editor/editor-access';
import { editorDocument } from '../signing-api/hosted-editor';

export interface ReadDocumentContentOptions {
  documentId: string;
  /** who reads: a viewing session opened for the read is theirs */
  userId: string;
}

/**
 * The document's PDF as the API answers it (the body is streamed on, never read here), through
 * the document's editor session, or a fresh read-only one: the API's only way to the bytes.
 */
export async function readDocumentContent({ documentId, userId }: ReadDocumentContentOptions): Promise<Response> {
  return withViewingSession(documentId, userId, (sid) => editorDocument(sid));
}
