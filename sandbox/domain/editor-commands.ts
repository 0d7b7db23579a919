import { z } from 'zod';
import { ApiError, conflict, notFound, validationFailed } from '../http/errors.ts';
import { pageSizesOf, type PageSize } from '../pdf/page-sizes.ts';
import type { Services } from '../services.ts';
import { documentFileName, type DocumentRecord } from './documents.ts';
import type { EditorLayout } from './editor-layout.ts';
import type { EditorSessionRecord } from './editor-sessions.ts';
import { invalidLayout, validateLayout } from './validate-layout.ts';

export const commandBody = z.strictObject({
  type: z.enum(['SAVE_LAYOUT', 'COMPLETE'], { message: 'must be SAVE_LAYOUT or COMPLETE' }),
  expectedVersion: z.number().int('must be a whole number').min(0, 'must be at least 0'),
  // The layout's own rules answer 400 INVALID_LAYOUT, so its shape is checked there, not here.
  layout: z.unknown().optional(),
  idempotencyKey: z.string().optional(),
});
export type EditorCommand = z.output<typeof commandBody>;

export interface CommandResult {
  document_id: string;
  version: number;
  layout: EditorLayout;
  status: 'draft' | 'completed';
}

export const editorStatus = (doc: DocumentRecord) => (doc.layout_status === 'completed' ? 'completed' : 'draft');

/** The session's document, still owned by the session's app; it may have been deleted while the session was open. */
export function sessionDocument(services: Services, session: EditorSessionRecord): DocumentRecord {
  const doc = services.records.getOwned<DocumentRecord>('document', session.document_id, session.app_id);
  if (!doc) throw notFound('The document of this editor session');
  return doc;
}

export const documentPageSizes = (services: Services, doc: DocumentRecord): Promise<PageSize[]> =>
  pageSizesOf(doc.id, services.files.path(documentFileName(doc.id)));

function assertWritable(doc: DocumentRecord, expectedVersion: number): void {
  if (doc.layout_status === 'completed') {
    throw conflict('LAYOUT_COMPLETED', 'The layout of this document is completed; it accepts no further commands.');
  }
  if (doc.layout_version !== expectedVersion) {
    throw new ApiError(
      409,
      'VERSION_CONFLICT',
      `The layout is at version ${doc.layout_version}, not ${expectedVersion}: read the commands again and review the current layout before retrying.`,
      [
        {
          path: 'expectedVersion',
          message: 'does not match the current layout version',
          expected_version: expectedVersion,
          current_version: doc.layout_version,
        },
      ],
    );
  }
}

// Checks run before the page sizes are read (which may touch the disk) and again in the
// write, so two commands racing on one version cannot both succeed. The write is handed back
// rather than run: the caller runs it in the transaction that also stores its reply.
export async function prepareEditorCommand(
  services: Services,
  session: EditorSessionRecord,
  cmd: EditorCommand,
): Promise<() => CommandResult> {
  if (cmd.type === 'SAVE_LAYOUT' && cmd.layout === undefined) {
    throw validationFailed([{ path: 'layout', message: 'is required when type is SAVE_LAYOUT' }]);
  }
  const before = sessionDocument(services, session);
  assertWritable(before, cmd.expectedVersion);
  const layout = cmd.layout === undefined ? before.layout : validateLayout(cmd.layout, await documentPageSizes(services, before));
  if (cmd.type === 'COMPLETE' && layout.fields.length === 0) {
    throw invalidLayout([{ path: 'fields', message: 'a layout needs at least one field before it can be completed' }]);
  }
  return () => {
    const doc = sessionDocument(services, session);
    assertWritable(doc, cmd.expectedVersion);
    const next: DocumentRecord = {
      ...doc,
      layout,
      layout_version: doc.layout_version + 1,
      layout_status: cmd.type === 'COMPLETE' ? 'completed' : 'draft',
      updated_at: services.clock.iso(),
    };
    services.records.update('document', next);
    if (cmd.type === 'COMPLETE') services.records.update('editor_session', { ...session, completed: true });
    return { document_id: doc.id, version: next.layout_version, layout, status: editorStatus(next) };
  };
}
