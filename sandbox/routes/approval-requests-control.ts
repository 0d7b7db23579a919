import { z } from 'zod';
import { fieldsOf } from '../../lib/submission-schema/index.ts';
import { json, type RouteDef } from '../http/context.ts';
import { notFound, validationFailed } from '../http/errors.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { Services } from '../services.ts';
import { viewRequest, type ApprovalRequestRecord } from '../domain/approval-requests.ts';
import { applyReviewerAction, type ReviewerAction } from '../domain/approval-request-flow.ts';
import { pinnedSchema } from '../domain/approval-request-input.ts';

const requirement = z.strictObject({
  field_key: z.string().min(1).max(120).optional(),
  message: z.string().trim().min(1).max(500),
});

const actionBody = z
  .strictObject({
    action: z.enum(['request_revision', 'approve', 'reject']),
    comment: z.string().max(1000).optional(),
    requirements: z.array(requirement).min(1).max(20).optional(),
  })
  .superRefine((b, ctx) => {
    // Requirements are optional (DESIGN.md section 4): without them the requester reads the comment.
    if (b.action !== 'request_revision' && b.requirements)
      ctx.addIssue({ code: 'custom', path: ['requirements'], message: `not accepted for ${b.action}` });
  });

function toAction(b: z.output<typeof actionBody>): ReviewerAction {
  if (b.action === 'request_revision') return { action: b.action, comment: b.comment, requirements: b.requirements ?? [] };
  return { action: b.action, comment: b.comment };
}

/** The human reviewer that API keys cannot be (DESIGN.md section 4); any app's request. */
export function approvalControlRoutes(services: Services): RouteDef[] {
  return [
    {
      id: 'control.approval-requests.actions',
      method: 'POST',
      path: '/__sandbox/approval-requests/:id/actions',
      auth: 'control',
      body: 'json',
      handler: (ctx) => {
        const input = parseWith(actionBody, assertJsonObject(ctx.body));
        const record = services.records.get<ApprovalRequestRecord>('approval_request', ctx.params.id!);
        if (!record) throw notFound('The approval request');
        // A requirement pointing at a field must point at a field the requester can change.
        const keys = new Set(fieldsOf(pinnedSchema(services, record.workflow_release_id)).map((f) => f.key));
        const stray = (input.requirements ?? []).flatMap((r, i) =>
          r.field_key !== undefined && !keys.has(r.field_key) ? [i] : [],
        );
        if (stray.length > 0) {
          throw validationFailed(
            stray.map((i) => ({
              path: `requirements.${i}.field_key`,
              message: "is not a field of the request's submission schema",
            })),
          );
        }
        const now = services.clock.now();
        const updated = applyReviewerAction(record, toAction(input), now);
        services.records.update('approval_request', updated);
        return json(200, viewRequest(updated, now));
      },
    },
  ];
}
