import { z } from 'zod';
import { json, type Committed, type Ctx, type RouteDef } from '../http/context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { ArchiveInfo, CatalogStatus, RequestFormRecord, WorkflowRecord } from '../domain/catalog.ts';
import type { Services } from '../services.ts';
import type { Kind } from '../store/records.ts';

// The spec requires a string `reason` for category, workflow and request-form archives but
// gives no bounds (its 5-500 applies to package archive and document delete only). We
// accept 1-500 characters after trimming: required means not blank, and 500 matches the
// other reasons so one console field serves all of them.
export const archiveBody = z.strictObject({
  reason: z
    .string({ message: 'is required and must be a string' })
    .trim()
    .min(1, 'must not be blank')
    .max(500, 'must be at most 500 characters'),
});

type Archivable = ArchiveInfo & { id: string; status: CatalogStatus; updated_at: string };

/** Request states that keep a workflow in use (spec section 3, rule 2). */
const ACTIVE_REQUEST_STATES = ['DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION'] as const;

/**
 * Archives one catalog record the caller can see (its own or the shared catalog). The 404
 * comes first, so another app's record answers exactly like a missing one whatever the body;
 * body errors come next and, like the 404, are never stored against the Idempotency-Key;
 * `guard` may refuse with its own error.
 */
export function archiveRecord<T extends Archivable>(
  services: Services,
  ctx: Ctx,
  kind: Kind,
  noun: string,
  guard?: (record: T) => void,
): Committed {
  const id = ctx.params.id ?? '';
  const appId = ctx.appId!;
  const { records, clock } = services;
  const visible = () => {
    const record = records.getVisible<T>(kind, id, appId);
    if (!record) throw notFound(`${noun} ${JSON.stringify(id.slice(0, 100))}`);
    return record;
  };
  visible();
  const { reason } = parseWith(archiveBody, assertJsonObject(ctx.body));
  return ctx.commit(() => {
    const record = visible();
    if (record.status === 'archived') {
      throw conflict(
        'ALREADY_ARCHIVED',
        `${noun} "${id}" is already archived (since ${record.archived_at ?? 'an unknown time'}).`,
      );
    }
    guard?.(record);
    const now = clock.iso();
    return json(
      200,
      records.update<T>(kind, { ...record, status: 'archived', archived_at: now, archive_reason: reason, updated_at: now }),
    );
  });
}

export function archiveRoutes(services: Services): RouteDef[] {
  const { records } = services;
  const base = {
    method: 'POST',
    auth: 'key',
    scope: 'workflows:archive',
    management: true,
    idempotency: 'header',
    body: 'json',
  } as const;

  // Counted across every app: another app's running request pins the workflow just the same.
  const inUse = (workflowId: string) =>
    ACTIVE_REQUEST_STATES.some(
      (status) => records.list('approval_request', { status, where: { workflow_id: workflowId }, page: 1, size: 1 }).total > 0,
    );

  return [
    {
      ...base,
      id: 'approval-workflows.archive',
      path: '/api/v1/approval-workflows/:id/archive',
      handler: (ctx) =>
        archiveRecord<WorkflowRecord>(services, ctx, 'approval_workflow', 'Approval workflow', (workflow) => {
          if (inUse(workflow.id)) {
            throw conflict(
              'WORKFLOW_IN_USE',
              `Approval workflow "${workflow.id}" is used by requests in ${ACTIVE_REQUEST_STATES.join(', ')} and cannot be archived until they finish.`,
            );
          }
        }),
    },
    {
      ...base,
      // The spec names WORKFLOW_IN_USE for workflows only; a form archive is not blocked by
      // requests. Once archived, the form's workflow accepts no new request (approval-request-submit.ts).
      id: 'request-forms.archive',
      path: '/api/v1/request-forms/:id/archive',
      handler: (ctx) => archiveRecord<RequestFormRecord>(services, ctx, 'request_form', 'Request form'),
    },
  ];
}
