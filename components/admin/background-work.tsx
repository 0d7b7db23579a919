'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { JOB_QUEUE_LABELS, JOB_STATE_LABELS, JOB_STATE_NAMES, type JobStateName } from '@/lib/admin/job-labels';
import { backgroundWorkQuery } from '@/lib/admin/job-queries';
import { useRetryJob } from '@/lib/admin/job-mutations';
import { DataTable } from '../list/data-table';
import { useListParams } from '../list/use-list-params';
import { Button } from '../ui/button';
import { SelectField } from '../ui/field';
import { EmptyState, ErrorState, TableSkeleton } from '../ui/states';
import { JobCounts } from './job-counts';
import { jobColumns } from './job-columns';

const FILTERS = ['state'] as const;
const ignore = () => undefined;
const RUNNERS = { 'pg-boss': 'pg-boss on PostgreSQL', embedded: "the console's own runner on its SQLite file" } as const;

/** Admin → Background work: the counts, then the newest jobs (filtered by state), failed ones with Retry. */
export function BackgroundWork() {
  const { params, update } = useListParams(FILTERS);
  // A hand-edited URL must not turn the page into an error: an unknown state is no filter.
  const state = JOB_STATE_NAMES.find((s) => s === params.filters.state) as JobStateName | undefined;
  const query = useQuery(backgroundWorkQuery({ state }));
  const retry = useRetryJob({
    onDone: ({ queue }) =>
      void toast.success(`Queued again: the "${JOB_QUEUE_LABELS[queue]}" job starts over from its first attempt.`),
    onFailed: (err) =>
      void toast.error(err instanceof ConsoleApiError ? err.message : 'The job could not be retried. Try again.'),
  });
  const { run } = retry;
  const retrying = retry.pending ? (retry.input?.id ?? null) : null;
  // Failures are told by onFailed; the rejection carries nothing more.
  const columns = useMemo(
    () => jobColumns((job) => void run({ id: job.id, queue: job.queue }).then(ignore, ignore), retrying),
    [run, retrying],
  );

  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  return (
    <>
      {query.data ? <JobCounts counts={query.data.counts} /> : null}
      <div role="search" aria-label="Filter the background jobs" className="mb-4 flex flex-wrap items-end gap-3">
        <SelectField
          label="State"
          value={state ?? ''}
          onChange={(e) => update({ state: e.target.value || null })}
          blank="Any state"
          options={JOB_STATE_NAMES.map((s) => ({ value: s, label: JOB_STATE_LABELS[s] }))}
        />
        {query.data && (
          <p className="pb-2 text-xs text-slate-600">
            The newest {query.data.data.length === 100 ? '100 ' : ''}jobs, kept by {RUNNERS[query.data.runner]}; read again every
            5 seconds.
          </p>
        )}
      </div>
      {query.isPending ? (
        <TableSkeleton columns={6} />
      ) : query.data.data.length === 0 ? (
        state ? (
          <EmptyState
            title={`No job is ${JOB_STATE_LABELS[state].toLowerCase()}`}
            action={
              <Button variant="secondary" onClick={() => update({ state: null })}>
                Show every state
              </Button>
            }
          />
        ) : (
          <EmptyState title="No background work yet">
            Jobs appear here as the console queues them: bulk rows to send, the sweep for rows due, pruning by retention.
          </EmptyState>
        )
      ) : (
        <DataTable columns={columns} data={query.data.data} caption="Background jobs, newest first" />
      )}
    </>
  );
}
