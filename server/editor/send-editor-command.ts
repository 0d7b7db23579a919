import 'server-only';
import type { EditorCommand } from '@/lib/documents/schemas';
import { sendEditorCommand as postCommand } from '../signing-api/hosted-editor';
import { withEditorSession } from './editor-access';

export interface SendEditorCommandOptions {
  documentId: string;
  /** SAVE_LAYOUT or COMPLETE with the expectedVersion last read: a stale one is a 409 */
  command: EditorCommand;
  /** the browser's key for this command */
  idempotencyKey: string;
}

/** Sends a command through the document's editor session; 409 when no session is open. */
export async function sendEditorCommand({ documentId, command, idempotencyKey }: SendEditorCommandOptions) {
  return withEditorSession(documentId, (sid) => postCommand(sid, command, idempotencyKey));
}
