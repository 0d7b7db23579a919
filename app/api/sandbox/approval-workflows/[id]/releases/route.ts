import { workflowReleaseSchema } from '@/lib/admin/schemas';
import { handler } from '@/server/http/handler';
import { control, controlIdParams } from '@/server/sandbox-control';

// POST: publishes a new release of a workflow, as its owner would in the platform's designer:
// the previous release becomes stale, so a form pinned to it is refused (DESIGN.md section 4).
export const POST = handler(
  {
    permission: 'sandbox:control',
    params: controlIdParams,
    body: workflowReleaseSchema,
    audit: {
      operation: 'sandbox.workflow_release',
      targetType: 'approval_workflow',
      target: (p) => p.id,
      details: (b) => ({ with_schema: b.schema !== undefined }),
    },
  },
  ({ params, body }) => control('POST', `/approval-workflows/${encodeURIComponent(params.id)}/releases`, body),
);
