import { z } from 'zod';
import { json, type Ctx, type RouteDef } from '../http/context.ts';
import { forbidden } from '../http/errors.ts';
import { listQuerySchema, parseQuery } from '../http/pagination.ts';
import type { Services } from '../services.ts';
import { REQUEST_STATUSES, viewRequest, type ApprovalRequestRecord } from '../domain/approval-requests.ts';
import { getOwnedRequest, listRequests } from '../domain/approval-request-queries.ts';
import { createApprovalRequest } from '../domain/approval-request-submit.ts';
import { resubmitApprovalRequest, revisionView, saveRevisionDraft } from '../domain/approval-request-revisions.ts';

const listQuery = listQuerySchema.extend({
  status: z.enum(REQUEST_STATUSES, { message: `must be one of ${REQUEST_STATUSES.join(', ')}` }).optional(),
});

const app = (ctx: Ctx) => ctx.appId!;

// Viewers may read; creating and revising need a requester who may act (spec section 5.4).
function requireAuthority(ctx: Ctx): void {
  if (ctx.key?.requesterRole === 'viewer') {
    throw forbidden(
      'REQUESTER_NOT_AUTHORIZED',
      'The requester behind this key (viewer) has no authority to submit or revise approval requests.',
    );
  }
}

/** The approval-request routes of spec section 4: submit, read, and answer revisions. */
export function approvalRequestRoutes(services: Services): RouteDef[] {
  const base = { auth: 'key' as const };
  const view = (r: ApprovalRequestRecord) => viewRequest(r, services.clock.now());
  return [
    {
      ...base,
      id: 'approval-requests.create',
      method: 'POST',
      path: '/api/v1/approval-requests',
      scope: 'requests:create',
      idempotency: 'header',
      body: 'json',
      handler: (ctx) => {
        requireAuthority(ctx);
        return ctx.commit(() => json(200, view(createApprovalRequest(services, app(ctx), ctx.body))));
      },
    },
    {
      ...base,
      id: 'approval-requests.list',
      method: 'GET',
      path: '/api/v1/approval-requests',
      scope: 'requests:read',
      query: ['page', 'size', 'q', 'status'],
      handler: (ctx) => json(200, listRequests(services, app(ctx), parseQuery(ctx.query, listQuery))),
    },
    {
      ...base,
      id: 'approval-requests.read',
      method: 'GET',
      path: '/api/v1/approval-requests/:id',
      scope: 'requests:read',
      handler: (ctx) => json(200, view(getOwnedRequest(services, ctx.params.id!, app(ctx)))),
    },
    {
      ...base,
      id: 'approval-requests.revision-requirements',
      method: 'GET',
      path: '/api/v1/approval-requests/:id/revision-requirements',
      scope: 'requests:read',
      handler: (ctx) => json(200, revisionView(getOwnedRequest(services, ctx.params.id!, app(ctx)))),
    },
    {
      ...base,
      id: 'approval-requests.revision-draft',
      method: 'PATCH',
      path: '/api/v1/approval-requests/:id/revision-draft',
      scope: 'requests:revise',
      idempotency: 'header',
      body: 'json',
      handler: (ctx) => {
        requireAuthority(ctx);
        return ctx.commit(() => json(200, revisionView(saveRevisionDraft(services, app(ctx), ctx.params.id!, ctx.body))));
      },
    },
    {
      ...base,
      id: 'approval-requests.resubmit',
      method: 'POST',
      path: '/api/v1/approval-requests/:id/resubmit',
      scope: 'requests:revise',
      idempotency: 'header',
      body: 'json',
      handler: (ctx) => {
        requireAuthority(ctx);
        return ctx.commit(() => json(200, view(resubmitApprovalRequest(services, app(ctx), ctx.params.id!, ctx.body))));
      },
    },
  ];
}
