import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, qs } from '../api-client.ts';
import { via } from '../api-transport.ts';
import type { DateRangeQuery } from '../list/date-ranges.ts';
import type { ApprovalRequest, RevisionInput, RevisionRequirements, SubmitRequestInput } from './schemas.ts';

export type {
  DecisionEntry,
  RequestDocumentRef,
  RevisionDraft,
  RevisionRequirements,
  RevisionTask,
  VisitedStep,
} from './schemas.ts';
/** An approval request as the console's routes answer it (approvalRequestSchema). */
export type ApprovalRequestRecord = ApprovalRequest;
import type { Page } from '../list/schemas.ts';
import { liveRefetch } from '../live-refetch.ts';

export interface ApprovalListArgs extends DateRangeQuery {
  page: number;
  size: number;
  q?: string;
  status?: string;
  /** an admin's team filter: a team's id, or none (a link from insights names one for anyone) */
  team?: string;
  /** what the console recorded of the submission (insights' drill-downs) */
  workflow?: string;
  sender?: string;
}

/** The CSV of what the list shows for these filters (GET /api/approval-requests/export). */
export const approvalsExportHref = ({ page: _page, size: _size, ...filters }: ApprovalListArgs) =>
  `/api/approval-requests/export${qs({ ...filters })}`;

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
    queryFn: (ctx) => api<Page<ApprovalRequestRecord>>(`/api/approval-requests${qs({ ...args })}`, via(ctx)),
    placeholderData: keepPreviousData,
  });

export const approvalQuery = (id: string) =>
  queryOptions({
    queryKey: approvalKeys.item(id),
    queryFn: (ctx) => api<ApprovalRequestRecord>(path(id), via(ctx)),
  });

/** Statuses in which reviewers may still move a request: its page follows the API by itself. */
const MOVING_REQUEST_STATUSES: readonly string[] = ['IN_PROGRESS', 'NEEDS_REVISION'];

/**
 * The detail while reviewers may still move it (lib/live-refetch.ts), like a package's: a
 * decision or a request for changes shows without a reload. A draft, or a decided request,
 * no longer changes by itself.
 */
export const liveApprovalQuery = (id: string) =>
  queryOptions({
    ...approvalQuery(id),
    refetchIntervalInBackground: false,
    refetchInterval: liveRefetch<ApprovalRequestRecord>((r) => !MOVING_REQUEST_STATUSES.includes(r.status)),
  });

/**
 * The versions a draft or resubmission must quote. Never refetched behind the user's back:
 * the page re-reads on purpose (after its own save, or after a conflict) and shows what changed.
 */
export const revisionRequirementsQuery = (id: string) =>
  queryOptions({
    queryKey: approvalKeys.revision(id),
    queryFn: (ctx) => api<RevisionRequirements>(path(id, '/revision-requirements'), via(ctx)),
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
