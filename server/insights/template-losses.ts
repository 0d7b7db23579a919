import 'server-only';
import type { PackageTallies } from './package-tallies';

/** The templates shown, most declined and expired first. */
export const TEMPLATE_ROWS = 20;

/** Per template, the packages sent in the period and how many of them were declined or expired. */
export function templateLosses(tallies: PackageTallies) {
  const byTemplate = new Map<
    string,
    { template_id: string; template_name: string | null; sent: number; declined: number; expired: number }
  >();
  for (const r of tallies.rows) {
    const t = byTemplate.get(r.template_id) ?? {
      template_id: r.template_id,
      template_name: null,
      sent: 0,
      declined: 0,
      expired: 0,
    };
    t.template_name ??= r.template_name;
    t.sent += r.count;
    if (r.status === 'declined') t.declined += r.count;
    if (r.status === 'expired') t.expired += r.count;
    byTemplate.set(r.template_id, t);
  }
  return [...byTemplate.values()]
    .sort(
      (a, b) =>
        b.declined + b.expired - (a.declined + a.expired) || b.sent - a.sent || a.template_id.localeCompare(b.template_id),
    )
    .slice(0, TEMPLATE_ROWS);
}
