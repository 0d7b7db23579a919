import { submitRequestSchema } from '@/lib/approval-requests/schemas';
import { approvalListQuerySchema } from '@/lib/list/filtered-list-queries';
import { listApprovalRequests } from '@/server/approval-requests/list-approval-requests';
import { submitApprovalRequest } from '@/server/approval-requests/submit-approval-request';
import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { teamForRecord } from '@/server/teams/team-for-record';
import { narrowScope } from '@/server/teams/scope';

// GET: the app's approval requests, with q, status and sent/updated day ranges; team= narrows
// them to one team's (none: those of no team), within what the reader sees.
export const GET = handler(
  { permission: 'approvals:read', query: approvalListQuerySchema },
  async ({ query: { team, ...query } }) => {
    if (team) await narrowScope(team);
    return listApprovalRequests({ query });
  },
);

// POST: submits (or drafts) a request pinned to a workflow release.
export const POST = handler(
  {
    permission: 'approvals:write',
    body: submitRequestSchema,
    idempotency: 'required',
    audit: {
      operation: 'approval_request.submit',
      targetType: 'approval_request',
      target: (_p, _b, r) => (r as { id?: string } | null)?.id,
      details: (b) => ({ workflow_release_id: b.workflow_release_id, external_id: b.external_id, submit: b.submit }),
    },
  },
  async ({ body, idempotencyKey, user }) =>
    submitApprovalRequest({
      input: body,
      idempotencyKey: idempotencyKey!,
      userId: user.id,
      // Decided before the API hears of the request: a team not the submitter's refuses it whole.
      teamId: await teamForRecord(await db(), user, body.team_id),
    }),
);
