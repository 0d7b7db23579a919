import 'server-only';
import { writeCsv } from '@/lib/csv/write-csv';
import type { InsightsFigure } from '@/lib/insights/params';
import type { InsightsData } from '@/lib/insights/types';
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
  }
}
