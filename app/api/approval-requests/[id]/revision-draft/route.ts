import { z } from 'zod';
import { revisionSchema } from '@/lib/approval-requests/schemas';
import { idSchema } from '@/lib/list/schemas';
import { saveRevisionDraft } from '@/server/approval-requests/save-revision-draft';
import { handler } from '@/server/http/handler';

// PATCH: saves a revision draft, quoting the versions last read (a stale one is a 409 to re-read).
export const PATCH = handler(
  {
    permission: 'approvals:write',
    params: z.object({ id: idSchema }),
    body: revisionSchema,
    idempotency: 'required',
    audit: {
      operation: 'approval_request.revision_draft',
      targetType: 'approval_request',
      target: (p) => p.id,
      details: (b) => ({ expected_version: b.expected_version, expected_task_version: b.expected_task_version }),
    },
  },
  ({ params, body, idempotencyKey }) => saveRevisionDraft({ id: params.id, input: body, idempotencyKey: idempotencyKey! }),
);
