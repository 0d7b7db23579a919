import { z } from 'zod';
import { LOGICAL_PURPOSES } from '@/lib/documents/schemas';
import { listQuerySchema } from '@/lib/list/schemas';
import { teamChoiceSchema, teamFilterSchema } from '@/lib/teams/schemas';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { narrowScope } from '@/server/teams/scope';
import { teamForRecord } from '@/server/teams/team-for-record';
import { guardUploadBody } from '@/server/http/upload-stream';
import { listDocuments } from '@/server/documents/list-documents';
import { uploadDocument } from '@/server/documents/upload-document';

// GET: the app's documents, paginated, with q and purpose; team= narrows them to one team's
// (none: those of no team, an admin's list of what to assign), within what the reader sees.
export const GET = handler(
  {
    permission: 'documents:read',
    query: listQuerySchema.extend({ logical_purpose: z.enum(LOGICAL_PURPOSES).optional(), team: teamFilterSchema }).strict(),
  },
  async ({ query: { team, ...query } }) => {
    if (team) await narrowScope(team);
    return listDocuments({ query });
  },
);

// POST: receives one PDF whole into a temp file (never parsed into memory), within the
// user's and the instance's upload slots, then sends it to the API with the browser's
// Idempotency-Key for this upload so a retry never makes a second document. ?team_id= names the
// team it is uploaded for (the body is the file, passed on as it is).
export const POST = handler(
  {
    permission: 'documents:write',
    query: z.strictObject({ team_id: teamChoiceSchema }),
    idempotency: 'required',
    audit: { operation: 'document.upload', targetType: 'document', target: (_p, _b, r) => (r as { id?: string } | null)?.id },
  },
  async ({ req, user, query, idempotencyKey }) =>
    uploadDocument({
      upload: guardUploadBody(req),
      idempotencyKey: idempotencyKey!,
      userId: user.id,
      // Decided before a byte is read: a team not the uploader's refuses the upload whole.
      teamId: await teamForRecord(await db(), user, query.team_id),
      signal: req.signal,
    }),
);
