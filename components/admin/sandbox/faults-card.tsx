'use client';

import { useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { sandboxQuery, type FaultRule } from '@/lib/admin/queries';
import type { ActiveFaultRule } from '@/lib/admin/sandbox-state';
import { Button } from '../../ui/button';
import { ErrorState, Skeleton } from '../../ui/states';
import { FaultForm } from './fault-form';
import { Section } from '../../ui/card';
import { useSetFaults } from '@/lib/admin/sandbox-mutations';

/** A rule as the panel's route answers it: `remaining` says how many more times a counted one fires. */
type ShownRule = FaultRule & Pick<ActiveFaultRule, 'remaining'>;

/**
 * The fields the console's route accepts: rules set straight on the control plane may carry more.
 * The control plane only takes the whole list, so a kept rule goes back with what it has left
 * rather than its first count: removing or adding another rule must not recharge it.
 */
const portable = ({
  method,
  path,
  status,
  code,
  retry_after,
  times,
  latency_ms,
  after_commit,
  drop,
  remaining,
}: ShownRule): FaultRule => ({
  method,
  path,
  status,
  code,
  retry_after,
  latency_ms,
  after_commit,
  drop,
  times: remaining ?? times,
});

const describe = (r: ShownRule) => `${r.method ?? '*'} ${r.path}`;

function firing(r: ShownRule): string {
  const left = r.remaining ?? r.times;
  if (left === undefined) return 'fires until cleared';
  return `fires ${left} more ${left === 1 ? 'time' : 'times'}`;
}

export function FaultsCard() {
  const state = useQuery(sandboxQuery());
  const save = useSetFaults({
    // One toast for the rules: a success replaces an earlier failure's.
    onDone: (_, change) => void toast.success(change.done, { id: 'sandbox-faults' }),
    onFailed: (err) =>
      void toast.error(err instanceof ConsoleApiError ? err.message : 'The faults could not be changed. Try again.', {
        id: 'sandbox-faults',
      }),
  });
  const rules: ShownRule[] = state.data?.faults.rules ?? [];

  // Failures are told by onFailed; the rejection carries nothing more.
  const replace = (next: ShownRule[], done: string) => save.run({ rules: next.map(portable), done }).catch(() => undefined);

  return (
    <Section
      variant="panel"
      title="Faults"
      description="Make the Signing API fail or slow down on purpose, or lose the answer to a call that did commit, to rehearse errors, retries, Retry-After, waiting and confirming. Rules are checked in order; the first match answers."
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={rules.length === 0}
          busy={save.input?.rules.length === 0}
          onClick={() => void replace([], 'All faults cleared: the sandbox answers normally.')}
        >
          Clear all
        </Button>
      }
    >
      {state.isError ? (
        <ErrorState message={state.error.message} onRetry={() => void state.refetch()} />
      ) : state.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : rules.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">No faults injected: the sandbox answers normally.</p>
      ) : (
        <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Active fault rules</caption>
            <thead className="bg-slate-50 text-left">
              <tr>
                {['Method', 'Path', 'When', 'Status', 'Error code', 'Retry-After', 'Delay', 'Fires', ''].map((h, i) => (
                  <th key={h || i} scope="col" className="px-3 py-2 font-semibold text-slate-800">
                    {h || <span className="sr-only">Actions</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rules.map((r, i) => (
                <tr key={`${describe(r)}-${i}`}>
                  <td className="px-3 py-2 font-mono text-xs">{r.method ?? '*'}</td>
                  <td className="px-3 py-2 font-mono text-xs">{r.path}</td>
                  <td className="px-3 py-2">{r.after_commit ? 'After commit' : 'Before the call'}</td>
                  <td className="px-3 py-2 tabular-nums">{r.drop ? 'No answer (dropped)' : (r.status ?? '—')}</td>
                  <td className="px-3 py-2 font-mono text-xs">{r.code ?? '—'}</td>
                  <td className="px-3 py-2">{r.retry_after === undefined ? '—' : `${r.retry_after} s`}</td>
                  <td className="px-3 py-2 tabular-nums">{r.latency_ms === undefined ? '—' : `${r.latency_ms} ms`}</td>
                  <td className="px-3 py-2">
                    {firing(r)}
                    {r.times !== undefined && r.remaining !== undefined && r.remaining !== r.times && (
                      <span className="text-slate-600"> (of {r.times})</span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={save.pending}
                      onClick={() =>
                        void replace(
                          rules.filter((_, j) => j !== i),
                          `Fault removed: ${describe(r)}.`,
                        )
                      }
                      aria-label={`Remove fault ${describe(r)}`}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600">
            A rule with a count disappears once spent; counts shown are as of the last refresh.
          </p>
        </div>
      )}
      <div className="mt-5 border-t border-slate-100 pt-4">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Inject a fault</h3>
        <FaultForm active={rules.map(portable)} />
      </div>
    </Section>
  );
}
