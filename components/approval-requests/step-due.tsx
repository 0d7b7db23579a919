'use client';

import { stepDue, type StepDueState } from '@/lib/approval-requests/sla';
import { formatDateTime } from '@/lib/format';
import { useApiNow } from '../ui/use-api-now';
import { Badge } from '../ui/states';

/** Due soon and overdue move with time: a minute's precision is plenty for hours-long steps. */
const TICK_MS = 30_000;

const MARKS: Record<StepDueState, React.ReactNode> = {
  'on-time': null,
  'due-soon': <Badge tone="amber">Due soon</Badge>,
  overdue: <Badge tone="red">Overdue</Badge>,
};

/**
 * When the request's current step is due, judged on the API's clock (not the browser's), with
 * due soon and overdue marked; a dash when the answer says nothing usable about it.
 */
export function StepDue({ request }: { request: { status: string; sla?: unknown } }) {
  const due = stepDue(request, useApiNow(TICK_MS));
  if (!due) return <span>—</span>;
  return (
    <span className="flex flex-wrap items-center gap-1">
      <time
        dateTime={new Date(due.dueAt).toISOString()}
        className={due.state === 'overdue' ? 'font-medium text-red-800' : undefined}
      >
        {formatDateTime(due.dueAt)}
      </time>
      {MARKS[due.state]}
    </span>
  );
}
