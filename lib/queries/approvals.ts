import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, qs } from '../api-client.ts';
import type { ApprovalRequest, RevisionInput, SubmitRequestInput } from '../schemas/approvals.ts';
import type { DocumentItem } from '../schemas/documents.ts';
import type { Page } from '../schemas/list.ts';

export interface RequestDocumentRef {
  document_id: string;
  field_key: string;
  name: string;
  sign_actor_ids?: string[];
}

export interface VisitedStep {
  layer: number;
  name: string;
  entered_at: string;
  decided_at: string | null;
  decision: string | null;
  comment: string | null;
}

export interface DecisionEntry {
  layer: number;
  name: string;
  decision: string;
  comment: string | null;
  at: string;
}

export interface RevisionTask {
  id?: string;
  version: number;
  requirements: { field_key?: string | null; message: string }[];
  comment?: string | null;
  requested_at?: string;
}

/** An approval request as the detail page reads it; everything beyond the named fields is optional. */
export type ApprovalRequestRecord = ApprovalRequest & {
  workflow_name?: string;
  documents?: RequestDocumentRef[];
  visited_steps?: VisitedStep[];
  decisions?: DecisionEntry[];
  current_layer?: number | null;
  current_layer_name?: string | null;
  approval_layers?: { name: string; sla_hours?: number }[];
  sla?: { layer?: number; due_at: string; breached?: boolean } | null;
  remaining_approval_layers?: unknown[];
  submitted_at?: string | null;
  completed_at?: string | null;
  revision_task?: (RevisionTask & { draft?: RevisionDraft | null }) | null;
};

export interface RevisionDraft {
  form_data: Record<string, unknown>;
  documents?: RequestDocumentRef[];
}

export interface RevisionRequirements {
  request_id?: string;
  version: number;
  task: RevisionTask;
  draft?: RevisionDraft | null;
}

export interface ApprovalListArgs {
  page: number;
  size: number;
  q?: string;
  status?: string;
}

export const REQUEST_STATUSES = ['DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION', 'APPROVED', 'REJECTED'] as const;

export const approvalKeys = {
  all: ['approval-requests'] as const,
  list: (args: ApprovalListArgs) => ['approval-requests', 'list', args] as const,
  item: (id: string) => ['approval-requests', 'item', id] as const,
  revision: (id: string) => ['approval-requests', 'item', id, 'revision'] as const,
};

const path = (id: string, rest = '') => `/api/approval-requests/${encodeURIComponent(id)}${rest}`;

export const approvalsListQuery = (args: ApprovalListArgs) =>
  queryOptions({
    queryKey: approvalKeys.list(args),
    queryFn: ({ signal }) => api<Page<ApprovalRequestRecord>>(`/api/approval-requests${qs({ ...args })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const approvalQuery = (id: string) =>
  queryOptions({
    queryKey: approvalKeys.item(id),
    queryFn: ({ signal }) => api<ApprovalRequestRecord>(path(id), { signal }),
  });

/**
 * The versions a draft or resubmission must quote. Never refetched behind the user's back:
 * the page re-reads on purpose (after its own save, or after a conflict) and shows what changed.
 */
export const revisionRequirementsQuery = (id: string) =>
  queryOptions({
    queryKey: approvalKeys.revision(id),
    queryFn: ({ signal }) => api<RevisionRequirements>(path(id, '/revision-requirements'), { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The app's documents a document field can point at (the first 100, newest first). */
export const pickableDocumentsQuery = () =>
  queryOptions({
    queryKey: ['documents', 'list', { page: 1, size: 100 }] as const,
    queryFn: ({ signal }) => api<Page<DocumentItem>>(`/api/documents${qs({ page: 1, size: 100 })}`, { signal }),
  });

export const submitApprovalRequest = (body: SubmitRequestInput, idempotencyKey: string) =>
  api<ApprovalRequestRecord>('/api/approval-requests', { method: 'POST', body, idempotencyKey });

export const saveRevisionDraft = (id: string, body: RevisionInput, idempotencyKey: string) =>
  api<unknown>(path(id, '/revision-draft'), { method: 'PATCH', body, idempotencyKey });

export const resubmitApprovalRequest = (id: string, body: RevisionInput, idempotencyKey: string) =>
  api<ApprovalRequestRecord>(path(id, '/resubmit'), { method: 'POST', body, idempotencyKey });
