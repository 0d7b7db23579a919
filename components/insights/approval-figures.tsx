import Link from 'next/link';
import { approvalsHref } from '@/lib/insights/drill-down';
import { formatDuration } from '@/lib/insights/format-duration';
import type { InsightsData } from '@/lib/insights/types';
import { bucketLabel, cell, FigureBlock, FigureTable, link, num } from './figure-block';
import { InsightsChart } from './insights-chart';

const DECISIONS: Record<string, { label: string; colour: string; status?: string }> = {
  APPROVED: { label: 'Approved', colour: '#15803d', status: 'APPROVED' },
  REJECTED: { label: 'Rejected', colour: '#b91c1c', status: 'REJECTED' },
  other: { label: 'Another ending', colour: '#64748b' },
  open: { label: 'Still open', colour: '#4f46e5' },
};

const WHY_NONE = {
  role: 'Your roles do not read approval requests.',
  team_scope:
    'The console does not record which team submitted an approval request, so requests are not counted for a reader who sees their teams only.',
  filtered:
    'The console does not record a request’s team, sender or template: clear those filters to see the figures for requests.',
} as const;

export function ApprovalFigures({
  approvals,
  period,
  csv,
}: {
  approvals: InsightsData['approvals'];
  period: { from: string; to: string };
  csv: (figure: string) => string;
}) {
  const notSeen = (
    <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
      From the watcher&apos;s history of each request&apos;s status only. The console does not see a request&apos;s workflow, the
      time spent in each approval layer or whether its SLA was met: those figures are not shown rather than guessed.
      {approvals.figures && approvals.figures.first_seen_later > 0 && (
        <>
          {' '}
          {approvals.figures.first_seen_later} request{approvals.figures.first_seen_later === 1 ? ' was' : 's were'} first seen
          past
          {approvals.figures.first_seen_later === 1 ? ' its' : ' their'} submission: their earlier steps were not seen.
        </>
      )}
    </p>
  );
  if (!approvals.figures) {
    return (
      <div className="space-y-4">
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">{WHY_NONE[approvals.reason]}</p>
      </div>
    );
  }
  const a = approvals.figures;
  const weeks = a.submitted_per_week.map((b) => ({ ...b, href: approvalsHref({ from: b.from, to: b.to }) }));
  const decisions = a.decisions.map((d) => ({
    ...d,
    ...(DECISIONS[d.decision] ?? { label: d.decision, colour: '#64748b' }),
    href: DECISIONS[d.decision]?.status ? approvalsHref({ ...period, status: DECISIONS[d.decision]!.status }) : undefined,
  }));
  return (
    <div className="space-y-4">
      {notSeen}
      <FigureBlock
        id="requests-submitted"
        title="Requests submitted per week"
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
