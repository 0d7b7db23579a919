import 'server-only';
import type { ApprovalRequest } from '@/lib/approval-requests/schemas';
import { hasDateRange, withinDays, type DateRangeQuery } from '@/lib/list/date-ranges';
import { pageOfRows, scanList } from '../lists/scan-list';
import { listRequests } from '../signing-api/approval-requests';

/** How much of the app's history a date range looks through (20 of the API's pages). */
export const RANGE_SCAN_ROWS = 2_000;

type Filters = { q?: string; status?: string } & DateRangeQuery;

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
 * by) reads the newest RANGE_SCAN_ROWS of the list and pages what falls in range.
 */
export async function listApprovalRequests({ query }: ListApprovalRequestsOptions) {
  if (!hasDateRange(query)) return listRequests(query);
  const { rows, scanned, complete } = await requestsMatching(query, RANGE_SCAN_ROWS);
  return { ...pageOfRows(rows, query.page, query.size), scan: { scanned, complete } };
}

/** Every request the list's filters and date ranges select, among the first `maxRows` the API lists. */
export async function requestsMatching({ q, status, ...ranges }: Filters, maxRows: number) {
  const scan = await scanList({ read: (page, size) => listRequests({ q, status, page, size }), maxRows });
  const rows = scan.rows.filter(
    (r) =>
      withinDays(sentAtOf(r), ranges.sent_from, ranges.sent_to) &&
      withinDays(updatedAtOf(r), ranges.updated_from, ranges.updated_to),
  );
  return { rows, scanned: scan.scanned, complete: scan.complete };
}
