'use client';

import { useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ConsoleApiError } from '../api-error.ts';
import { catalogKeys } from '../catalog/queries.ts';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';
import {
  approvalKeys,
  approvalQuery,
  resubmitApprovalRequest,
  saveRevisionDraft,
  submitApprovalRequest,
  type ApprovalRequestRecord,
} from './queries.ts';
import type { RevisionInput, RevisionRequirements, SubmitRequestInput } from './schemas.ts';

/**
 * A refusal that may mean the catalog moved under the form: a stale release, a 409 other than
 * the external id being taken, or a 422 about the workflow itself (DESIGN.md section 3 allows either).
 */
export const catalogMoved = (err: unknown): err is ConsoleApiError =>
  err instanceof ConsoleApiError &&
  err.code !== 'EXTERNAL_ID_TAKEN' &&
  (err.code === 'STALE_WORKFLOW_RELEASE' || err.status === 409 || err.details.some((d) => d.path === 'workflow_id'));

const CATALOG_BEHIND_A_REQUEST = (['approval-workflows', 'request-forms', 'categories'] as const).map((kind) => ({
  queryKey: catalogKeys.all(kind),
}));

/**
 * Creates (and perhaps submits) an approval request under the intent's key. Every request
 * view is read again after any answer, and the workflows, forms and categories behind the
 * form too when the refusal says the catalog moved.
 */
export function useSubmitApprovalRequest<F extends FieldValues = FieldValues>(
  handlers: KeyedMutationHandlers<SubmitRequestInput, ApprovalRequestRecord, F> = {},
) {
  return useKeyedMutation({
    scope: 'apr-submit',
    request: (body: SubmitRequestInput, { idempotencyKey }) => submitApprovalRequest(body, idempotencyKey),
    invalidates: ({ error }): InvalidateQueryFilters[] => [
      { queryKey: approvalKeys.all },
      ...(catalogMoved(error) ? CATALOG_BEHIND_A_REQUEST : []),
    ],
    ...handlers,
  });
}

/** One attempt at answering a revision: the body sent, and the read it was based on (to explain a conflict). */
export interface RevisionAttempt {
  action: 'revision-draft' | 'resubmit';
  body: RevisionInput;
  /** the read whose versions the body quotes */
  basis: RevisionRequirements;
}

/**
 * Saves a revision draft or resubmits, one key per attempt. A resubmission leaves revision:
 * its requirements are dropped, the answer becomes the request, and every list moves; a draft
 * save moves only the request. A 409 (versions moved, or the request left revision) makes the
 * request's read stale.
 */
export function useReviseApprovalRequest<F extends FieldValues = FieldValues>(
  id: string,
  handlers: KeyedMutationHandlers<RevisionAttempt, unknown, F> = {},
) {
  const client = useQueryClient();
  const itemOnly = { queryKey: approvalKeys.item(id), exact: true };
  return useKeyedMutation({
    scope: 'apr-revision',
    request: ({ action, body }: RevisionAttempt, { idempotencyKey }) =>
      action === 'revision-draft' ? saveRevisionDraft(id, body, idempotencyKey) : resubmitApprovalRequest(id, body, idempotencyKey),
    // The read the attempt was based on only explains a conflict; it is no part of the request.
    fingerprint: ({ action, body }) => `${action}:${JSON.stringify(body)}`,
    invalidates: ({ input, outcome, error }) => {
      if (outcome === 'done') return input.action === 'resubmit' ? [{ queryKey: approvalKeys.all }] : [itemOnly];
      return error instanceof ConsoleApiError && error.status === 409 ? [itemOnly] : [];
    },
    ...handlers,
    async onDone(updated, attempt) {
      if (attempt.action === 'resubmit') {
        client.removeQueries({ queryKey: approvalKeys.revision(id) });
        client.setQueryData(approvalKeys.item(id), updated as ApprovalRequestRecord);
      }
      await handlers.onDone?.(updated, attempt);
    },
  });
}

/** Reads the request afresh (never from memory), for a form explaining what changed under it. */
export function useReadRequestAfresh(id: string) {
  const client = useQueryClient();
  return useCallback(() => client.fetchQuery({ ...approvalQuery(id), staleTime: 0 }), [client, id]);
}

/** After a failed first read of a revision: its requirements and the request read again. */
export function useRetryRevision(id: string, refetch: () => unknown) {
  const client = useQueryClient();
  return useCallback(() => {
    void refetch();
    void client.invalidateQueries({ queryKey: approvalKeys.item(id), exact: true });
  }, [client, id, refetch]);
}
