import 'server-only';
import { exportFileName } from './lists/csv';

/** What the export was narrowed to (the export route's query, paging aside). */
export interface AuditExportFilters {
  operation?: string;
  outcome?: string;
  user?: string;
  from?: string;
  to?: string;
  team?: string;
}

const ORDER = ['operation', 'outcome', 'user', 'team', 'from', 'to'] as const;

/**
 * `signdesk-audit-2026-11-27.csv` for the whole log, and with the filters after the day for a
 * narrowed one (`signdesk-audit-2026-11-27_operation-package-send_outcome-failure.csv`).
 */
export const auditExportName = (filters: AuditExportFilters, now: Date = new Date()): string =>
  exportFileName('audit', filters, ORDER, now);
