import 'server-only';

/** What the export was narrowed to (the export route's query, paging aside). */
export interface AuditExportFilters {
  operation?: string;
  outcome?: string;
  user?: string;
  from?: string;
  to?: string;
}

// A user filter is free text (up to 254 characters): long enough to tell exports apart.
const MAX_PART = 40;
const ORDER = ['operation', 'outcome', 'user', 'from', 'to'] as const;

/** A filter's value in a file name: each run of anything but letters, digits, - and _ becomes one -. */
const safe = (value: string) => value.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, MAX_PART);

/**
 * `signdesk-audit-2026-11-27.csv` for the whole log, and with the filters after the day for a
 * narrowed one (`signdesk-audit-2026-11-27_operation-package-send_outcome-failure.csv`), so two
 * exports side by side in a downloads folder say what they hold. The day is the one it was taken
 * on, by this console's clock in UTC, like the entries' times. Letters, digits, - and _ only before
 * `.csv`: valid on every file system, and nothing to escape in Content-Disposition.
 */
export function auditExportName(filters: AuditExportFilters, now: Date = new Date()): string {
  const parts = ORDER.flatMap((key) => {
    const value = filters[key];
    return value ? [`${key}-${safe(value)}`] : [];
  });
  return `${[`signdesk-audit-${now.toISOString().slice(0, 10)}`, ...parts].join('_')}.csv`;
}
