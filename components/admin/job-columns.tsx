import type { ColumnDef } from '@tanstack/react-table';
import type { StatusTone } from '@/lib/status-tones';
import { formatDateTime } from '@/lib/format';
import { JOB_QUEUE_LABELS, JOB_STATE_LABELS, jobSubject, type JobStateName } from '@/lib/admin/job-labels';
import type { BackgroundJob } from '@/lib/admin/job-queries';
import { Button } from '../ui/button';
import { Badge } from '../ui/states';

// The columns of Admin → Background work's table: the job in words, its state (with when a
// waiting one may run), its attempts against its queue's limit, why it failed, and its times.

const TONE: Record<JobStateName, StatusTone> = {
  created: 'gray',
  retry: 'amber',
  active: 'blue',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** Attempts made so far: a job waiting to retry has failed `retries` times; one that ran or runs has one more. */
export const attemptsMade = (job: BackgroundJob) => job.retries + (job.state === 'created' || job.state === 'retry' ? 0 : 1);

const Time = ({ label, at }: { label: string; at: string | null }) =>
  at ? (
    <div>
      <span className="text-slate-600">{label} </span>
      <time dateTime={at}>{formatDateTime(at, { seconds: true })}</time>
    </div>
  ) : null;

function State({ job }: { job: BackgroundJob }) {
  // A retry's next attempt is always worth its time; a queued job's only when it was put off.
  const later =
    job.startAfter && (job.state === 'retry' || Date.parse(job.startAfter) - Date.parse(job.createdAt) > 1000)
      ? job.startAfter
      : null;
  return (
    <div className="space-y-1">
      <Badge tone={TONE[job.state]}>{JOB_STATE_LABELS[job.state]}</Badge>
      {later && (
        <div className="text-xs text-slate-600">
          {job.state === 'retry' ? 'at' : 'from'} <time dateTime={later}>{formatDateTime(later, { seconds: true })}</time>
        </div>
      )}
    </div>
  );
}

export function jobColumns(retry: (job: BackgroundJob) => void, retrying: string | null): ColumnDef<BackgroundJob, unknown>[] {
  return [
    {
      header: 'Job',
      cell: ({ row: { original: job } }) => (
        <div className="min-w-40">
          <div className="font-medium text-slate-900">{JOB_QUEUE_LABELS[job.queue]}</div>
          {jobSubject(job.queue, job.data) && <div className="text-xs text-slate-700">{jobSubject(job.queue, job.data)}</div>}
          <div className="break-all font-mono text-xs text-slate-600">{job.id}</div>
        </div>
      ),
    },
    { header: 'State', cell: ({ row }) => <State job={row.original} /> },
    {
      header: 'Attempts',
      cell: ({ row: { original: job } }) => (
        <span className="whitespace-nowrap tabular-nums">
          {attemptsMade(job)} of {job.retryLimit + 1}
        </span>
      ),
    },
    {
      header: 'Failure reason',
      cell: ({ row: { original: job } }) =>
        job.error && job.state !== 'completed' ? (
          <span className="block min-w-48 max-w-md break-words text-slate-800">{job.error}</span>
        ) : (
          <span className="text-slate-600">—</span>
        ),
    },
    {
      header: 'Times',
      cell: ({ row: { original: job } }) => (
        <div className="min-w-44 text-xs">
          <Time label="Created" at={job.createdAt} />
          <Time label="Started" at={job.startedAt} />
          <Time label="Finished" at={job.finishedAt} />
        </div>
      ),
    },
    {
      header: 'Action',
      cell: ({ row: { original: job } }) =>
        job.state === 'failed' || job.state === 'cancelled' ? (
          <Button
            variant="secondary"
            size="sm"
            busy={retrying === job.id}
            disabled={retrying !== null}
            onClick={() => retry(job)}
            aria-label={`Retry ${JOB_QUEUE_LABELS[job.queue]} job ${job.id}`}
          >
            Retry
          </Button>
        ) : null,
    },
  ];
}
