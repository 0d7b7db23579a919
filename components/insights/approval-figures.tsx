import Link from 'next/link';
import { approvalsHref, type DrillFilters } from '@/lib/insights/drill-down';
import { formatDuration } from '@/lib/insights/format-duration';
import type { ApprovalInsights, InsightsData, SlaCounts } from '@/lib/insights/types';
import { bucketLabel, cell, FigureBlock, FigureTable, link, num, wideNum } from './figure-block';
import { InsightsChart } from './insights-chart';

const DECISIONS: Record<string, { label: string; colour: string; status?: string }> = {
  APPROVED: { label: 'Approved', colour: '#15803d', status: 'APPROVED' },
  REJECTED: { label: 'Rejected', colour: '#b91c1c', status: 'REJECTED' },
  other: { label: 'Another ending', colour: '#64748b' },
  open: { label: 'Still open', colour: '#4f46e5' },
};

// The list cannot narrow by SLA: only the undecided ones open it, as the requests in progress.
const SLA: Record<keyof SlaCounts, { label: string; colour: string; status?: string }> = {
  met: { label: 'Decided within the SLA', colour: '#15803d' },
  missed: { label: 'Decided after the SLA', colour: '#b91c1c' },
  overdue: { label: 'Undecided, past the SLA', colour: '#b45309', status: 'IN_PROGRESS' },
  pending: { label: 'Undecided, within the SLA', colour: '#4f46e5', status: 'IN_PROGRESS' },
  not_seen: { label: 'Deadline not seen', colour: '#cbd5e1' },
};

const NOT_FROM_CONSOLE = 'Not submitted from the console';
const workflowLabel = (w: { workflow_id: string | null; workflow_name: string | null }) =>
  w.workflow_id === null ? NOT_FROM_CONSOLE : (w.workflow_name ?? w.workflow_id);
const hours = (ms: number | null) => (ms === null ? 0 : Math.round(ms / 360_000) / 10);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the figures could not see, said rather than guessed. */
function NotSeen({ a, filters }: { a: ApprovalInsights; filters: DrillFilters }) {
  return (
    <div
      className="space-y-1 rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="approvals-not-seen"
    >
      <p>
        From the watcher&apos;s history of each request and what the console recorded when it submitted one (team, workflow,
        submitter). A request is counted from the first time the watcher saw it in progress.
      </p>
      {a.not_from_console > 0 && (
        <p>
          {plural(a.not_from_console, 'request was', 'requests were')} not submitted from the console: counted in the totals and
          shown apart by workflow, as the console knows no team, workflow or submitter of{' '}
          {a.not_from_console === 1 ? 'it' : 'them'}.
        </p>
      )}
      {a.first_seen_later > 0 && (
        <p>
          {plural(a.first_seen_later, 'request was', 'requests were')} first seen past{' '}
          {a.first_seen_later === 1 ? 'its' : 'their'} submission: their earlier steps were not seen.
        </p>
      )}
      {a.layers_not_told > 0 && (
        <p>
          For {plural(a.layers_not_told, 'request', 'requests')} the API told the watcher no visited layers: they are not in the
          time per layer or the SLA figures.
        </p>
      )}
      {filters.template && <p>The template filter narrows packages only; requests are narrowed by workflow.</p>}
    </div>
  );
}

export function ApprovalFigures({
  approvals,
  period,
  filters,
  csv,
}: {
  approvals: InsightsData['approvals'];
  period: { from: string; to: string };
  filters: DrillFilters;
  csv: (figure: string) => string;
}) {
  if (!approvals.figures) {
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
        Your roles do not read approval requests.
      </p>
    );
  }
  const a = approvals.figures;
  const href = (o: { from?: string; to?: string; status?: string; workflow?: string }) =>
    approvalsHref(filters, { from: period.from, to: period.to, ...o });
  const weeks = a.submitted_per_week.map((b) => ({ ...b, href: href({ from: b.from, to: b.to }) }));
  const decisions = a.decisions.map((d) => ({
    ...d,
    ...(DECISIONS[d.decision] ?? { label: d.decision, colour: '#64748b' }),
    href: DECISIONS[d.decision]?.status ? href({ status: DECISIONS[d.decision]!.status }) : undefined,
  }));
  const workflows = a.by_workflow.map((w) => ({
    ...w,
    label: workflowLabel(w),
    href: w.workflow_id === null ? undefined : href({ workflow: w.workflow_id }),
  }));
  const layers = a.layers.map((l) => ({
    ...l,
    label: `${workflowLabel(l)} · ${l.name ?? (l.layer === null ? 'a layer' : `layer ${l.layer}`)}`,
    href: l.workflow_id === null ? undefined : href({ workflow: l.workflow_id }),
  }));
  const sla = (Object.keys(SLA) as (keyof SlaCounts)[]).map((state) => ({
    state,
    count: a.sla[state],
    ...SLA[state],
    href: SLA[state].status ? href({ status: SLA[state].status }) : undefined,
  }));
  const submitted = a.submitted_per_week.reduce((s, b) => s + b.count, 0);
  return (
    <div className="space-y-4">
      <NotSeen a={a} filters={filters} />
      <FigureBlock
        id="requests-submitted"
        title="Requests submitted per week"
        description={`${submitted} submitted from ${period.from} to ${period.to}.`}
        csvHref={csv('requests-submitted')}
        chart={<InsightsChart kind="bar" points={weeks.map((w) => ({ label: w.from.slice(5), value: w.count, href: w.href }))} />}
        table={
          <FigureTable caption="Approval requests submitted per week" head={['Week', 'Submitted']}>
            {weeks.map((w) => (
              <tr key={w.from}>
                <td className={cell}>
                  <Link className={link} href={w.href}>
                    {bucketLabel(w, 'week')}
                  </Link>
                </td>
                <td className={num}>{w.count}</td>
              </tr>
            ))}
          </FigureTable>
        }
      />
      <FigureBlock
        id="request-decisions"
        title="Decisions and time to decision"
        description={`Of the requests submitted in the period. Time to decision: median ${formatDuration(a.time_to_decision.median_ms)}, 90th percentile ${formatDuration(a.time_to_decision.p90_ms)} (${a.time_to_decision.count} decided).`}
        csvHref={csv('request-decisions')}
        chart={
          <InsightsChart
            kind="pie"
            points={decisions.map((d) => ({ label: d.label, value: d.count, href: d.href, colour: d.colour }))}
          />
        }
        table={
          <FigureTable caption="Decisions on the requests submitted in the period" head={['Decision', 'Requests']}>
            {decisions.map((d) => (
              <tr key={d.decision}>
                <td className={cell}>
                  {d.href ? (
                    <Link className={link} href={d.href}>
                      {d.label}
                    </Link>
                  ) : (
                    d.label
                  )}
                </td>
                <td className={num}>{d.count}</td>
              </tr>
            ))}
            <tr>
              <td className={cell}>Median time to decision</td>
              <td className={num}>{formatDuration(a.time_to_decision.median_ms)}</td>
            </tr>
            <tr>
              <td className={cell}>90th percentile time to decision</td>
              <td className={num}>{formatDuration(a.time_to_decision.p90_ms)}</td>
            </tr>
          </FigureTable>
        }
      />
      <FigureBlock
        id="requests-by-workflow"
        wide
        title="By workflow"
        description="Per workflow, the requests submitted in the period: how they were decided, how long a decision took and how often they were sent back for revision."
        csvHref={csv('requests-by-workflow')}
        chart={<InsightsChart kind="bar" points={workflows.map((w) => ({ label: w.label, value: w.submitted, href: w.href }))} />}
        table={
          <FigureTable
            wide
            caption="Approval requests by workflow"
            head={[
              'Workflow',
              'Submitted',
              'Approved',
              'Rejected',
              'Open',
              'Median to decision',
              '90th percentile',
              'Revision rounds',
            ]}
          >
            {workflows.map((w) => (
              <tr key={w.workflow_id ?? 'none'}>
                <td className={cell}>
                  {w.href ? (
                    <Link className={link} href={w.href}>
                      {w.label}
                    </Link>
                  ) : (
                    w.label
                  )}
                </td>
                <td className={wideNum}>{w.submitted}</td>
                <td className={wideNum}>{w.approved}</td>
                <td className={wideNum}>{w.rejected}</td>
                <td className={wideNum}>{w.open}</td>
                <td className={wideNum}>{formatDuration(w.time_to_decision.median_ms)}</td>
                <td className={wideNum}>{formatDuration(w.time_to_decision.p90_ms)}</td>
                <td className={wideNum}>
                  {w.revision_rounds}
                  <span className="sr-only">
                    {' '}
                    rounds, {w.revised} of {w.submitted} requests sent back
                  </span>
                  <span aria-hidden="true" className="text-slate-500">
                    {' '}
                    ({w.revised}/{w.submitted})
                  </span>
                </td>
              </tr>
            ))}
          </FigureTable>
        }
      />
      <FigureBlock
        id="layer-times"
        wide
        title="Time in each layer"
        description="Median hours from entering a layer to its decision, as the API's visited steps tell them. A layer entered again after a revision is a visit of its own; a visit whose start the API did not tell is counted, not timed."
        csvHref={csv('layer-times')}
        chart={
          <InsightsChart
            kind="bar"
            emptyText="No layer decided in this period."
            points={layers.map((l) => ({ label: l.label, value: hours(l.time_in_layer.median_ms), href: l.href }))}
          />
        }
        table={
          <FigureTable
            wide
            caption="Time in each approval layer"
            head={['Layer', 'Visits', 'Timed', 'Median', '90th percentile', 'SLA met', 'SLA missed', 'Deadline not seen']}
          >
            {layers.map((l) => (
              <tr key={l.label}>
                <td className={cell}>
                  {l.href ? (
                    <Link className={link} href={l.href}>
                      {l.label}
                    </Link>
                  ) : (
                    l.label
                  )}
                </td>
                <td className={wideNum}>{l.visits}</td>
                <td className={wideNum}>{l.time_in_layer.count}</td>
                <td className={wideNum}>{formatDuration(l.time_in_layer.median_ms)}</td>
                <td className={wideNum}>{formatDuration(l.time_in_layer.p90_ms)}</td>
                <td className={wideNum}>{l.sla.met}</td>
                <td className={wideNum}>{l.sla.missed + l.sla.overdue}</td>
                <td className={wideNum}>{l.sla.not_seen}</td>
              </tr>
            ))}
          </FigureTable>
        }
      />
      <FigureBlock
        id="request-sla"
        title="SLA met"
        description="Each layer visit against the SLA deadline the API named while the layer was current. The API names the current layer's deadline only: a layer decided between two of the watcher's reads has none, and is counted as not seen rather than guessed. The requests list cannot narrow by SLA: the undecided open the requests in progress."
        csvHref={csv('request-sla')}
        chart={
          <InsightsChart
            kind="pie"
            points={sla.map((s) => ({ label: s.label, value: s.count, href: s.href, colour: s.colour }))}
          />
        }
        table={
          <FigureTable caption="Layer visits against their SLA" head={['SLA', 'Layer visits']}>
            {sla.map((s) => (
              <tr key={s.state}>
                <td className={cell}>
                  {s.href ? (
                    <Link className={link} href={s.href}>
                      {s.label}
                    </Link>
                  ) : (
                    s.label
                  )}
                </td>
                <td className={num}>{s.count}</td>
              </tr>
            ))}
          </FigureTable>
        }
      />
      <FigureBlock
        id="revision-rounds"
        title="Revision rounds per request"
        description="How many times each request submitted in the period was sent back for revision. The requests list cannot narrow by rounds: open those sent back now from its Needs revision filter."
        csvHref={csv('revision-rounds')}
        chart={<InsightsChart kind="bar" points={a.revision_rounds.map((r) => ({ label: r.rounds, value: r.count }))} />}
        table={
          <FigureTable caption="Revision rounds per request" head={['Rounds', 'Requests']}>
            {a.revision_rounds.map((r) => (
              <tr key={r.rounds}>
                <td className={cell}>{r.rounds}</td>
                <td className={num}>{r.count}</td>
              </tr>
            ))}
          </FigureTable>
        }
      />
    </div>
  );
}
