import { z } from 'zod';
import { openEditorSchema } from '@/lib/documents/schemas';
import { idSchema } from '@/lib/list/schemas';
import { withEditorSession } from '@/server/editor/editor-access';
import { openEditorSession } from '@/server/editor/editor-sessions';
import { handler } from '@/server/http/handler';
import { readEditor } from '@/server/signing-api/hosted-editor';

const params = z.object({ id: idSchema });

// GET: the current layout, its version and the session's expiry.
export const GET = handler({ permission: 'documents:write', params }, ({ params: p }) => withEditorSession(p.id, (sid) => readEditor(sid)));

// POST: opens a new hosted-editor session (kept on the server) and answers its state.
export const POST = handler(
  {
    permission: 'documents:write',
    params,
    body: openEditorSchema.optional().transform((b) => b ?? {}),
    audit: { operation: 'editor.open', targetType: 'document', target: (p) => p.id },
  },
  async ({ params: p, body, user }) => {
    const { sessionId } = await openEditorSession(p.id, user.id, body.purpose);
    return readEditor(sessionId);
  },
);
