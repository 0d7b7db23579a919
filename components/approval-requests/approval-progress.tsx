import { formatDateTime } from '@/lib/format';
import type { ApprovalRequestRecord } from '@/lib/approval-requests/queries';
import { Badge, StatusBadge } from '../ui/states';

const layerName = (l: unknown) =>
  typeof l === 'string'
    ? l
    : typeof l === 'object' && l && 'name' in l
      ? String((l as { name: unknown }).name)
      : JSON.stringify(l);

/** Steps visited so far (a layer re-entered after a revision appears again), then what may still come. */
export function ApprovalProgress({ request }: { request: ApprovalRequestRecord }) {
  const steps = request.visited_steps ?? [];
  const remaining = request.remaining_approval_layers;
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Visited steps</h3>
        {steps.length === 0 ? (
          <p className="text-sm text-slate-600">
            {request.status === 'DRAFT' ? 'Not submitted yet: no step has been entered.' : 'No steps recorded.'}
          </p>
        ) : (
          <ol className="relative ml-2 border-l border-slate-200" aria-label="Visited steps">
            {steps.map((s, i) => {
              const open = s.decided_at === null;
              return (
                <li key={`${s.layer}-${s.entered_at}-${i}`} className="mb-4 ml-5 last:mb-0">
                  <span
                    aria-hidden
                    className={`absolute -left-[5px] mt-1.5 size-2.5 rounded-full ${open ? 'bg-brand-600' : s.decision === 'APPROVED' ? 'bg-green-600' : s.decision === 'REJECTED' ? 'bg-red-600' : 'bg-amber-500'}`}
                  />
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    <span>{s.name}</span>
                    {open ? (
                      <Badge tone="blue">current</Badge>
                    ) : (
                      s.decision && <StatusBadge family="decision" status={s.decision} />
                    )}
                  </p>
                  <p className="text-xs text-slate-600">
                    Entered {formatDateTime(s.entered_at)}
                    {s.decided_at && <> · decided {formatDateTime(s.decided_at)}</>}
                  </p>
                  {open && request.sla && (
                    <p className="text-xs text-slate-700">
                      Due {formatDateTime(request.sla.due_at)} {request.sla.breached && <Badge tone="red">SLA breached</Badge>}
                    </p>
                  )}
                  {s.comment && <p className="mt-0.5 text-sm text-slate-700">“{s.comment}”</p>}
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {remaining !== undefined && (
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-900">Remaining approval layers</h3>
          {remaining.length === 0 ? (
            <p className="text-sm text-slate-600">None after the current step.</p>
          ) : (
            <ol className="flex flex-wrap items-center gap-2 text-sm" aria-label="Remaining approval layers">
              {remaining.map((l, i) => (
                <li key={`${layerName(l)}-${i}`} className="rounded-md bg-slate-100 px-2 py-0.5 text-slate-800">
                  {layerName(l)}
                </li>
              ))}
            </ol>
          )}
          <p className="mt-1 text-xs text-slate-600">
            The layers the request would still pass through. Rules may skip some, so this is not a promise that each will be
            visited.
          </p>
        </div>
      )}
      {(request.decisions?.length ?? 0) > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Decisions</h3>
          <ul className="flex flex-col gap-2 text-sm">
            {request.decisions!.map((d, i) => (
              <li key={`${d.at}-${i}`} className="flex flex-wrap items-baseline gap-2">
                <StatusBadge family="decision" status={d.decision} />
                <span className="font-medium text-slate-900">{d.name}</span>
                <span className="text-xs text-slate-600">{formatDateTime(d.at)}</span>
                {d.comment && <span className="w-full text-slate-700">“{d.comment}”</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
