import 'server-only';
import type { DateRangeQuery } from '@/lib/list/date-ranges';
import { toCsv } from '@/lib/csv/write-csv';
import { exportFileName } from '../lists/csv';
import { requestsMatching, sentAtOf, updatedAtOf } from './list-approval-requests';

/** The most requests one export holds: the newest, as the API lists them. */
export const REQUEST_EXPORT_ROWS = 5_000;

// New columns go at the end, so a sheet built on an earlier export keeps its columns.
const COLUMNS = [
  'id',
  'external_id',
  'status',
  'workflow_id',
  'workflow_name',
  'workflow_release_id',
  'current_step',
  'sent_at',
  'updated_at',
  'completed_at',
  'step_due_at',
] as const;
const NAMED_BY = ['q', 'status', 'sent_from', 'sent_to', 'updated_from', 'updated_to', 'workflow', 'sender'] as const;

export interface ExportApprovalRequestsOptions {
  filters: { q?: string; status?: string; workflow?: string; sender?: string } & DateRangeQuery;
}

/** What the approval-requests list shows for these filters, every page of it, as CSV. */
export async function exportApprovalRequests({ filters }: ExportApprovalRequestsOptions) {
  const { rows, complete } = await requestsMatching(filters, REQUEST_EXPORT_ROWS);
  const body = toCsv(
    COLUMNS,
    rows.map((r) => ({
      id: r.id,
      external_id: r.external_id,
      status: r.status,
      workflow_id: r.workflow_id,
      workflow_name: r.workflow_name,
      workflow_release_id: r.workflow_release_id,
      current_step: r.current_layer_name,
      sent_at: sentAtOf(r),
      updated_at: updatedAtOf(r),
      completed_at: r.completed_at,
      step_due_at: r.sla?.due_at,
    })),
  );
  return { body, fileName: exportFileName('approval-requests', filters, NAMED_BY), complete };
}
