'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import type { FailedDelivery } from '@/lib/admin/delivery-schemas';
import { failedDeliveriesQuery, useRetryDelivery } from '@/lib/admin/delivery-queries';
import { DataTable } from '../list/data-table';
import { Button } from '../ui/button';
import { ErrorState, TableSkeleton } from '../ui/states';

// Admin → Background work, below the jobs: notification e-mail that gave up after its retries
// (or whose account was disabled), with why; Retry puts one back in line from its first attempt.

const ignore = () => undefined;

function columns(retry: (id: string) => void, retrying: string | null): ColumnDef<FailedDelivery, unknown>[] {
  return [
    {
      header: 'E-mail',
      cell: ({ row: { original: d } }) => (
        <div className="min-w-40">
          <div className="font-medium text-slate-900">{d.title}</div>
          <div className="break-all text-xs text-slate-700">to {d.to ?? 'an account no longer there'}</div>
          <div className="break-all font-mono text-xs text-slate-600">{d.notification_id}</div>
        </div>
      ),
    },
    { header: 'Attempts', cell: ({ row }) => <span className="tabular-nums">{row.original.attempts}</span> },
    {
      header: 'Failure reason',
      cell: ({ row }) => <span className="block min-w-48 max-w-md break-words text-slate-800">{row.original.reason}</span>,
    },
    {
      header: 'Told',
      cell: ({ row }) => (
        <time className="whitespace-nowrap text-xs" dateTime={row.original.created_at}>
          {formatDateTime(row.original.created_at, { seconds: true })}
        </time>
      ),
    },
    {
      header: 'Action',
      cell: ({ row: { original: d } }) => (
        <Button
          variant="secondary"
          size="sm"
          busy={retrying === d.notification_id}
          disabled={retrying !== null}
          onClick={() => retry(d.notification_id)}
          aria-label={`Retry the e-mail ${d.notification_id}`}
        >
          Retry
        </Button>
      ),
    },
  ];
}

export function FailedDeliveries() {
  const query = useQuery(failedDeliveriesQuery());
  const retry = useRetryDelivery({
    onDone: () => void toast.success('Back in line: the e-mail is sent again at the next run, from its first attempt.'),
    onFailed: (err) =>
      void toast.error(err instanceof ConsoleApiError ? err.message : 'The e-mail could not be retried. Try again.'),
  });
  const { run } = retry;
  const retrying = retry.pending ? (retry.input?.id ?? null) : null;
  const cols = useMemo(() => columns((id) => void run({ id }).then(ignore, ignore), retrying), [run, retrying]);

  return (
    <section aria-labelledby="failed-email" className="mt-8">
      <h2 id="failed-email" className="mb-1 text-base font-semibold text-slate-900">
        E-mail that could not be sent
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Notification e-mail is tried again with a growing wait; after 10 attempts it stops and is listed here. The bell in the
        console still told each person.
      </p>
      {query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <TableSkeleton columns={5} rows={2} />
      ) : query.data.total === 0 ? (
        <p className="text-sm text-slate-600">No e-mail has failed.</p>
      ) : (
        <>
          {query.data.total > query.data.data.length && (
            <p className="mb-2 text-xs text-slate-600">
              The newest {query.data.data.length} of {query.data.total}.
            </p>
          )}
          <DataTable columns={cols} data={query.data.data} caption="Notification e-mail that could not be sent, newest first" />
        </>
      )}
    </section>
  );
}
