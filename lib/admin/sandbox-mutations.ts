'use client';

import { useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { api } from '@/lib/api-client';
import { adminKeys, type FaultRule, type SandboxState, type RecipientAction, type ReviewedRequest, type ReviewerAction } from '@/lib/admin/queries';
import type { SignaturePackage } from '@/lib/packages/schemas';
import type { PublishedSignTemplate, SignTemplatePublishInput } from '@/lib/admin/sign-template-schemas';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation.ts';

// The sandbox panel's writes. Its control routes take no Idempotency-Key (they drive the
// simulation, which keeps no intents), so the requests leave the hook's key out. Every write
// is audited, so the audit log is always among what is read again.

/**
 * A simulated human or the clock moved the world: any request, package or list the console
 * holds may be out of date, whichever area cached it. Inactive queries are only marked stale.
 */
const WORLD: readonly InvalidateQueryFilters[] = [{}];

export interface ClockAdvance {
  seconds: number;
  /** which control asked, so only its button shows as busy */
  control: string;
}

/** POST /api/sandbox/clock: time moving on delivers and expires packages and breaches SLAs. */
export function useAdvanceClock(handlers: KeyedMutationHandlers<ClockAdvance, { now: string }> = {}) {
  const client = useQueryClient();
  return useKeyedMutation({
    scope: 'sandbox-clock',
    request: ({ seconds }: ClockAdvance) => api<{ now: string }>('/api/sandbox/clock', { method: 'POST', body: { advance_seconds: seconds } }),
    invalidates: () => WORLD,
    ...handlers,
    async onDone(result, input) {
      // The panel's clock shows the new time at once, before the world is read again.
      client.setQueryData<SandboxState>(adminKeys.sandbox, (old) => (old ? { ...old, clock: { now: result.now } } : old));
      await handlers.onDone?.(result, input);
    },
  });
}

export interface ReviewerDecision {
  id: string;
  action: ReviewerAction;
  comment?: string;
  requirements?: { field_key?: string; message: string }[];
}

/** POST /api/sandbox/approval-requests/:id/actions, as the request's human reviewer. */
export function useReviewerAction<F extends FieldValues = FieldValues>(handlers: KeyedMutationHandlers<ReviewerDecision, ReviewedRequest, F> = {}) {
  return useKeyedMutation({
    scope: 'sandbox-review',
    request: ({ id, ...body }: ReviewerDecision) =>
      api<ReviewedRequest>(`/api/sandbox/approval-requests/${encodeURIComponent(id)}/actions`, { method: 'POST', body }),
    invalidates: () => WORLD,
    ...handlers,
  });
}

export interface ReleasePublish {
  workflowId: string;
  /** a new submission schema; absent, the current one is published again */
  schema?: Record<string, unknown>;
}

/** POST /api/sandbox/approval-workflows/:id/releases, as the workflow's owner. */
export function usePublishRelease(handlers: KeyedMutationHandlers<ReleasePublish, { workflow_release_id: string }> = {}) {
  return useKeyedMutation({
    scope: 'sandbox-release',
    request: ({ workflowId, schema }: ReleasePublish) =>
      api<{ workflow_release_id: string }>(`/api/sandbox/approval-workflows/${encodeURIComponent(workflowId)}/releases`, {
        method: 'POST',
        body: schema ? { schema } : {},
      }),
    invalidates: () => WORLD,
    ...handlers,
  });
}

export interface SignTemplatePublish extends SignTemplatePublishInput {
  documentId: string;
}

/**
 * POST /api/sandbox/documents/:id/sign-template, as the platform's template designer: the
 * catalog gains a template, so every view of it (the send form's picker, a document's next
 * steps) reads again with the rest of the world.
 */
export function usePublishSignTemplate<F extends FieldValues = FieldValues>(
  handlers: KeyedMutationHandlers<SignTemplatePublish, PublishedSignTemplate, F> = {},
) {
  return useKeyedMutation({
    scope: 'sandbox-sign-template',
    request: ({ documentId, ...body }: SignTemplatePublish) =>
      api<PublishedSignTemplate>(`/api/sandbox/documents/${encodeURIComponent(documentId)}/sign-template`, { method: 'POST', body }),
    invalidates: () => WORLD,
    ...handlers,
  });
}

export interface RecipientMove {
  id: string;
  action: RecipientAction;
}

/** POST /api/sandbox/packages/:id/actions, as the package's recipients. */
export function useRecipientAction(handlers: KeyedMutationHandlers<RecipientMove, SignaturePackage> = {}) {
  return useKeyedMutation({
    scope: 'sandbox-recipients',
    request: ({ id, action }: RecipientMove) =>
      api<SignaturePackage>(`/api/sandbox/packages/${encodeURIComponent(id)}/actions`, { method: 'POST', body: { action } }),
    invalidates: () => WORLD,
    ...handlers,
  });
}

// The panel's state alone (exact: the review queue and package lists under its key stay).
const FAULT_READS: readonly InvalidateQueryFilters[] = [{ queryKey: adminKeys.sandbox, exact: true }, { queryKey: adminKeys.audit }];

export interface FaultsChange {
  /** the whole list: the control plane replaces it */
  rules: FaultRule[];
  /** what the user is told once the change is made */
  done: string;
}

/** POST /api/sandbox/faults. */
export function useSetFaults<F extends FieldValues = FieldValues>(handlers: KeyedMutationHandlers<FaultsChange, { rules: FaultRule[] }, F> = {}) {
  return useKeyedMutation({
    scope: 'sandbox-faults',
    request: ({ rules }: FaultsChange) => api<{ rules: FaultRule[] }>('/api/sandbox/faults', { method: 'POST', body: { rules } }),
    invalidates: () => FAULT_READS,
    ...handlers,
  });
}
