'use client';

import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConsoleApiError } from '@/lib/api-error';
import { sandboxQuery, useSetFaults, type FaultRule } from '@/lib/queries/admin';
import { Button } from '../../ui/button';
import { ErrorState, Skeleton } from '../../ui/states';
import { FaultForm } from './fault-form';
import { PanelSection } from './panel-section';

/** The fields the console's route accepts: rules set straight on the control plane may carry more. */
const portable = ({ method, path, status, code, retry_after, times }: FaultRule): FaultRule => ({ method, path, status, code, retry_after, times });

const describe = (r: FaultRule) => `${r.method ?? '*'} ${r.path}`;

export function FaultsCard() {
  const state = useQuery(sandboxQuery());
  const save = useSetFaults();
  const rules = state.data?.faults.rules ?? [];

  const replace = async (next: FaultRule[], done: string) => {
    try {
      await save.mutateAsync(next.map(portable));
      toast.success(done);
    } catch (err) {
      toast.error(err instanceof ConsoleApiError ? err.message : 'The faults could not be changed. Try again.');
    }
  };

  return (
    <PanelSection
      title="Faults"
      description="Make the Signing API fail on purpose, to rehearse errors, retries and Retry-After. Rules are checked in order; the first match answers."
      actions={
        <Button variant="secondary" size="sm" disabled={rules.length === 0} busy={save.isPending && save.variables?.length === 0} onClick={() => void replace([], 'All faults cleared: the sandbox answers normally.')}>
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
                {['Method', 'Path', 'Status', 'Error code', 'Retry-After', 'Times', ''].map((h, i) => (
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
                  <td className="px-3 py-2 tabular-nums">{r.status ?? '—'}</td>
                  <td className="px-3 py-2 font-mono text-xs">{r.code ?? '—'}</td>
                  <td className="px-3 py-2">{r.retry_after === undefined ? '—' : `${r.retry_after} s`}</td>
                  <td className="px-3 py-2">{r.times === undefined ? 'until cleared' : `${r.times}×`}</td>
                  <td className="px-3 py-2 text-right">
                    <Button variant="ghost" size="sm" disabled={save.isPending} onClick={() => void replace(rules.filter((_, j) => j !== i), `Fault removed: ${describe(r)}.`)} aria-label={`Remove fault ${describe(r)}`}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600">A rule with a count disappears once spent; re-saving the list restarts the counts of the rules kept.</p>
        </div>
      )}
      <div className="mt-5 border-t border-slate-100 pt-4">
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Inject a fault</h3>
        <FaultForm active={rules.map(portable)} />
      </div>
    </PanelSection>
  );
}
