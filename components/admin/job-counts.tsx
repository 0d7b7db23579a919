import { useId } from 'react';
import { formatNumber } from '@/lib/format';
import { JOB_QUEUE_LABELS, JOB_QUEUE_NAMES, JOB_STATE_LABELS, JOB_STATE_NAMES } from '@/lib/admin/job-labels';
import type { BackgroundJobCount } from '@/lib/admin/job-queries';
import { Card } from '../ui/card';

/** Every queue's jobs by state, failed ones first to the eye; the counts cover all jobs kept, not just those listed. */
export function JobCounts({ counts }: { counts: BackgroundJobCount[] }) {
  const heading = useId();
  const count = (queue: string, state: string) => counts.find((c) => c.queue === queue && c.state === state)?.count ?? 0;
  return (
    <section aria-labelledby={heading} className="mb-6">
      <h2 id={heading} className="sr-only">
        Jobs by queue and state
      </h2>
      <ul className="grid gap-3 md:grid-cols-3">
        {JOB_QUEUE_NAMES.map((queue) => (
          <li key={queue}>
            <Card className="h-full p-4">
              <h3 className="font-semibold text-slate-900">{JOB_QUEUE_LABELS[queue]}</h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                {JOB_STATE_NAMES.map((state) => (
                  <div key={state} className="flex justify-between gap-2">
                    <dt className="text-slate-600">{JOB_STATE_LABELS[state]}</dt>
                    <dd
                      className={`tabular-nums ${state === 'failed' && count(queue, state) > 0 ? 'font-semibold text-red-700' : 'text-slate-900'}`}
                    >
                      {formatNumber(count(queue, state))}
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
