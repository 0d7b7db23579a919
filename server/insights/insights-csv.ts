import 'server-only';
import { writeCsv } from '@/lib/csv/write-csv';
import type { InsightsFigure } from '@/lib/insights/params';
import type { InsightsData, SlaCounts } from '@/lib/insights/types';
import { ConsoleError } from '../errors';

const hours = (ms: number | null) => (ms === null ? '' : (ms / 3_600_000).toFixed(2));

const notReadable = () =>
  new ConsoleError(404, 'FIGURE_NOT_AVAILABLE', 'This figure is not available to you: your roles or teams do not read it.');

/**
 * One chart's figures as CSV (lib/csv/write-csv.ts, so a template's name cannot run as a
 * formula): the rows of the table beside the chart, durations in hours.
 */
export function insightsCsv(figure: InsightsFigure, data: InsightsData): string {
  const p = data.packages;
  const a = data.approvals.figures;
  switch (figure) {
    case 'packages-sent':
      if (!p) throw notReadable();
      return writeCsv(
        ['from', 'to', 'sent'],
        p.sent.map((b) => [b.from, b.to, b.count]),
      );
    case 'package-outcomes':
      if (!p) throw notReadable();
      return writeCsv(
        ['outcome', 'packages'],
        p.outcomes.map((o) => [o.outcome, o.count]),
      );
    case 'package-durations':
      if (!p) throw notReadable();
      return writeCsv(
        ['measure', 'packages', 'median_hours', 'p90_hours'],
        [
          [
            'to_complete',
            p.durations.to_complete.count,
            hours(p.durations.to_complete.median_ms),
            hours(p.durations.to_complete.p90_ms),
          ],
          ['to_first_signature', '', 'not recorded by the console', ''],
        ],
      );
    case 'template-losses':
      if (!p) throw notReadable();
      return writeCsv(
        ['template_id', 'template_name', 'sent', 'declined', 'expired'],
        p.templates.map((t) => [t.template_id, t.template_name, t.sent, t.declined, t.expired]),
      );
    case 'expiring-soon':
      if (!p) throw notReadable();
      return writeCsv(
        ['package_id', 'template_id', 'template_name', 'status', 'expires_at'],
        p.expiring.packages.map((e) => [e.package_id, e.template_id, e.template_name, e.status ?? 'not seen yet', e.expires_at]),
      );
    case 'requests-submitted':
      if (!a) throw notReadable();
      return writeCsv(
        ['from', 'to', 'submitted'],
        a.submitted_per_week.map((b) => [b.from, b.to, b.count]),
      );
    case 'request-decisions':
      if (!a) throw notReadable();
      return writeCsv(
        ['decision', 'requests', 'median_hours_to_decision', 'p90_hours_to_decision'],
        [
          ...a.decisions.map((d) => [d.decision, d.count, '', '']),
          ['all decided', a.time_to_decision.count, hours(a.time_to_decision.median_ms), hours(a.time_to_decision.p90_ms)],
        ],
      );
    case 'revision-rounds':
      if (!a) throw notReadable();
      return writeCsv(
        ['revision_rounds', 'requests'],
        a.revision_rounds.map((r) => [r.rounds, r.count]),
      );
    case 'requests-by-workflow':
      if (!a) throw notReadable();
      return writeCsv(
        [
          'workflow_id',
          'workflow_name',
          'submitted',
          'approved',
          'rejected',
          'other',
          'open',
          'decided',
          'median_hours_to_decision',
          'p90_hours_to_decision',
          'revised_requests',
          'revision_rounds',
        ],
        a.by_workflow.map((w) => [
          w.workflow_id ?? NOT_FROM_CONSOLE,
          w.workflow_name,
          w.submitted,
          w.approved,
          w.rejected,
          w.other,
          w.open,
          w.time_to_decision.count,
          hours(w.time_to_decision.median_ms),
          hours(w.time_to_decision.p90_ms),
          w.revised,
          w.revision_rounds,
        ]),
      );
    case 'layer-times':
      if (!a) throw notReadable();
      return writeCsv(
        [
          'workflow_id',
          'workflow_name',
          'layer',
          'layer_name',
          'visits',
          'timed',
          'start_not_told',
          'median_hours_in_layer',
          'p90_hours_in_layer',
          ...SLA_COLUMNS,
        ],
        a.layers.map((l) => [
          l.workflow_id ?? NOT_FROM_CONSOLE,
          l.workflow_name,
          l.layer ?? '',
          l.name,
          l.visits,
          l.time_in_layer.count,
          l.start_not_told,
          hours(l.time_in_layer.median_ms),
          hours(l.time_in_layer.p90_ms),
          ...slaCells(l.sla),
        ]),
      );
    case 'request-sla':
      if (!a) throw notReadable();
      return writeCsv(
        ['sla', 'layer_visits'],
        SLA_STATES.map((state) => [state, a.sla[state]]),
      );
  }
}

const NOT_FROM_CONSOLE = 'not submitted from the console';
const SLA_STATES = ['met', 'missed', 'overdue', 'pending', 'not_seen'] as const;
const SLA_COLUMNS = SLA_STATES.map((s) => `sla_${s}`);
const slaCells = (sla: SlaCounts) => SLA_STATES.map((s) => sla[s]);
