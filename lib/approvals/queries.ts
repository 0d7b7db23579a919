import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, qs } from '../api-client.ts';
import type { ApprovalRequest, RevisionInput, SubmitRequestInput } from './schemas.ts';
import type { Page } from '../list/schemas.ts';

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
  /** the workflow's flag as the request carries it, where the API tells */
  accepts_per_document_signing?: boolean;
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

/** The request states the spec names (section 3); it says the full list is not shown. */
export const NAMED_REQUEST_STATUSES = ['DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION'] as const;

/** The console's own list route takes a status of at most 40 characters. */
const FILTERABLE_STATUS = (s: unknown): s is string => typeof s === 'string' && s.length > 0 && s.length <= 40;

/**
 * The request statuses in an answer the console read (a list page or one request), so the
 * status filter can offer what this host actually returns beyond the named three.
 */
export function requestStatusesIn(answer: unknown): string[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const rows = 'data' in answer && Array.isArray(answer.data) ? answer.data : 'id' in answer ? [answer] : [];
  return rows
    .map((r: unknown) => (typeof r === 'object' && r !== null && 'status' in r ? r.status : undefined))
    .filter(FILTERABLE_STATUS);
}

const activityAt = (r: { updated_at?: unknown }) => (typeof r.updated_at === 'string' ? Date.parse(r.updated_at) : NaN);

/**
 * The page with its rows ordered by latest activity (`updated_at`), newest first. The spec
 * promises no order for GET /approval-requests (the sandbox answers newest-created first), so
 * this orders only the page on screen; which requests land on which page stays the API's
 * doing. Rows without a readable time go last, in the API's order.
 */
export function newestActivityFirst<T extends { updated_at?: unknown }>(page: Page<T>): Page<T> {
  const data = page.data
    .map((row, i) => ({ row, i, at: activityAt(row) }))
    .sort((a, b) => {
      const [x, y] = [Number.isNaN(a.at) ? -Infinity : a.at, Number.isNaN(b.at) ? -Infinity : b.at];
      return x === y ? a.i - b.i : y - x;
    })
    .map(({ row }) => row);
  return { ...page, data };
}

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

export const submitApprovalRequest = (body: SubmitRequestInput, idempotencyKey: string) =>
  api<ApprovalRequestRecord>('/api/approval-requests', { method: 'POST', body, idempotencyKey });

export const saveRevisionDraft = (id: string, body: RevisionInput, idempotencyKey: string) =>
  api<unknown>(path(id, '/revision-draft'), { method: 'PATCH', body, idempotencyKey });

export const resubmitApprovalRequest = (id: string, body: RevisionInput, idempotencyKey: string) =>
  api<ApprovalRequestRecord>(path(id, '/resubmit'), { method: 'POST', body, idempotencyKey });
