import 'server-only';
import { sql } from 'kysely';
import type { Period } from './period';
import { sendsBetween, type FigureSource } from './sends';

/** The templates shown, most declined and expired first. */
export const TEMPLATE_ROWS = 20;

/** Per template, the packages sent in the period and how many of them were declined or expired. */
export async function templateLosses(source: FigureSource, period: Period) {
  const declined = sql<number>`sum(case when w.last_status = 'declined' then 1 else 0 end)`;
  const expired = sql<number>`sum(case when w.last_status = 'expired' then 1 else 0 end)`;
  const rows = await sendsBetween(source, period.start, period.end)
    .leftJoin('watched_records as w', (j) => j.on('w.kind', '=', 'package').onRef('w.id', '=', 's.package_id'))
    .select([
      's.template_id',
      sql<string | null>`max(s.template_name)`.as('template_name'),
      sql<number>`count(*)`.as('sent'),
      declined.as('declined'),
      expired.as('expired'),
    ])
    .groupBy('s.template_id')
    .execute();
  return rows
    .map((r) => ({
      template_id: r.template_id,
      template_name: r.template_name,
      sent: Number(r.sent),
      declined: Number(r.declined ?? 0),
      expired: Number(r.expired ?? 0),
    }))
    .sort(
      (a, b) =>
        b.declined + b.expired - (a.declined + a.expired) || b.sent - a.sent || a.template_id.localeCompare(b.template_id),
    )
    .slice(0, TEMPLATE_ROWS);
}
