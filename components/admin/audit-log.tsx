'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { formatNumber } from '@/lib/format';
import { ExportLink } from '../list/export-link';
import { AUDIT_OUTCOMES, CLEARED_AUDIT_FILTERS, auditExportHref, auditQuery, type AuditFilters } from '@/lib/admin/queries';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { EmptyState } from '../ui/states';
import { auditColumns } from './audit-columns';
import { AuditFilterBar } from './audit-filters';

const FILTERS = ['user', 'outcome', 'operation', 'from', 'to', 'team'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const EXPORT_LIMIT = 10_000;

/** Only well-formed values reach the API: a hand-edited URL must not turn the page into an error. */
function cleanFilters(raw: Record<string, string>): AuditFilters {
  const day = (v: string | undefined) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);
  return {
    user: raw.user?.trim().slice(0, 254) || undefined,
    outcome: AUDIT_OUTCOMES.find((o) => o === raw.outcome),
    operation: raw.operation?.slice(0, 80) || undefined,
    from: day(raw.from),
    to: day(raw.to),
    team: raw.team?.slice(0, 64) || undefined,
  };
}

export function AuditLog() {
  const { params, update } = useListParams(FILTERS);
  const filters = useMemo(() => cleanFilters(params.filters), [params.filters]);
  const rangeError =
    filters.from && filters.to && filters.from > filters.to ? 'The start day is after the end day: nothing can match.' : null;
  const query = useQuery({ ...auditQuery({ page: params.page, size: params.size, ...filters }), enabled: !rangeError });
  const filterBy = useCallback((patch: { user?: string; operation?: string }) => update(patch), [update]);
  const columns = useMemo(() => auditColumns(filterBy), [filterBy]);
  const filtered = Boolean(filters.user || filters.outcome || filters.operation || filters.from || filters.to || filters.team);
  const clear = () => update(CLEARED_AUDIT_FILTERS);
  const total = query.data?.pagination.total;

  return (
    <>
      <AuditFilterBar filters={filters} operations={query.data?.operations ?? []} update={update} rangeError={rangeError} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {total === undefined
            ? '\u00a0'
            : `${formatNumber(total)} ${total === 1 ? 'entry' : 'entries'}${filtered ? ` ${total === 1 ? 'matches' : 'match'} these filters` : ' in the log'}, newest first`}
        </p>
        <ExportLink href={auditExportHref(filters)} filtered={filtered} disabled={Boolean(rangeError)} />
      </div>
      {total !== undefined && total > EXPORT_LIMIT && (
        <p role="note" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          The export holds the newest {formatNumber(EXPORT_LIMIT)} entries of {formatNumber(total)}. Narrow the dates to export
          the rest.
        </p>
      )}
      {rangeError ? (
        <EmptyState title="No day range to show">Choose a start day on or before the end day.</EmptyState>
      ) : query.data && query.data.pagination.total === 0 && filtered ? (
        <EmptyState
          title="Nothing matches these filters"
          action={
            <button className="text-sm font-medium text-brand-700 underline" onClick={clear}>
              Clear the filters
            </button>
          }
        >
          Try another user, outcome, operation or day range.
        </EmptyState>
      ) : (
        <ListView
          query={query}
          columns={columns}
          caption="Audit log entries, newest first"
          update={update}
          filtered={filtered}
          empty={{
            title: 'The audit log is empty',
            body: 'Sign-ins and every change made through the console are recorded here.',
          }}
        />
      )}
    </>
  );
}
