import 'server-only';
import type { ApprovalRequest } from '@/lib/approval-requests/schemas';
import { hasDateRange, withinDays, type DateRangeQuery } from '@/lib/list/date-ranges';
import { pageOfRows, scanList } from '../lists/scan-list';
import { listRequests } from '../signing-api/approval-requests';
import { currentScope } from '../teams/scope';
import { db } from '../db';
import { bySubmission, requestsInScope, submissionsMatching, type SubmissionFilters } from './approval-submissions';

/** How much of the app's history a date range looks through (20 of the API's pages). */
export const RANGE_SCAN_ROWS = 2_000;

type Filters = { q?: string; status?: string } & DateRangeQuery & SubmissionFilters;

export interface ListApprovalRequestsOptions {
  query: { page: number; size: number } & Filters;
}

/**
 * When a request was sent to its workflow: submitted; where the API names no submitted_at, a
 * request past DRAFT was sent when it was made. A draft never was: none (issue 35: its CSV row
 * said otherwise), so no "sent" day range selects it either.
 */
export const sentAtOf = (r: ApprovalRequest) => r.submitted_at ?? (r.status.toUpperCase() === 'DRAFT' ? undefined : r.created_at);
export const updatedAtOf = (r: ApprovalRequest) => r.updated_at ?? sentAtOf(r) ?? r.created_at;

/**
 * The app's approval requests as the API lists them; a date range (which the API cannot filter
 * by) reads the newest RANGE_SCAN_ROWS of the list and pages what falls in range. Seen through
 * teams, the list is what the console submitted for the reader's teams among those rows, paged
 * here, so its pages and counts hold only those.
 */
export async function listApprovalRequests({ query }: ListApprovalRequestsOptions) {
  if (!hasDateRange(query) && !bySubmission(query) && (await currentScope()).kind === 'everything') {
    return listRequests({ q: query.q, status: query.status, page: query.page, size: query.size });
  }
  const { rows, scanned, complete } = await requestsMatching(query, RANGE_SCAN_ROWS);
  return { ...pageOfRows(rows, query.page, query.size), scan: { scanned, complete } };
}

/** Every request the list's filters and date ranges select that the reader's teams see, among the first `maxRows` the API lists. */
export async function requestsMatching({ q, status, workflow, sender, ...ranges }: Filters, maxRows: number) {
  const scan = await scanList({ read: (page, size) => listRequests({ q, status, page, size }), maxRows });
  const ids = scan.rows.map((r) => r.id);
  const seen = await requestsInScope(ids);
  // A workflow or sender is what the console recorded of the submission (insights' drill-downs open these).
  const matching = bySubmission({ workflow, sender }) ? await submissionsMatching(await db(), ids, { workflow, sender }) : null;
  const rows = scan.rows.filter(
    (r) =>
      (seen === null || seen.has(r.id)) &&
      (matching === null || matching.has(r.id)) &&
      withinDays(sentAtOf(r), ranges.sent_from, ranges.sent_to) &&
      withinDays(updatedAtOf(r), ranges.updated_from, ranges.updated_to),
  );
  return { rows, scanned: scan.scanned, complete: scan.complete };
}
