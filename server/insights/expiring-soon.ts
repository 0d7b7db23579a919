import 'server-only';
import { sql } from 'kysely';
import { addDays, bucketsOf, DAY_MS, dayIn } from './period';
import { sends, type FigureSource } from './sends';

/** How many days ahead "expiring soon" looks, today counted. */
export const EXPIRING_DAYS = 7;
/** The packages listed by name; the counts hold them all. */
export const EXPIRING_ROWS = 50;

/**
 * The packages still open (as the watcher last saw them, or not yet seen) whose time runs out
 * from now to the end of the 7th day (today counted) in the viewer's days, per day, the soonest
 * listed. The end is the console's: sent plus the days the sender gave, on the console's clock
 * (the API may count from its own time of sending).
 */
export async function expiringSoon(source: FigureSource, tz: string, now: Date) {
  const today = dayIn(now, tz);
  const buckets = bucketsOf(today, addDays(today, EXPIRING_DAYS - 1), tz, 'day');
  const until = Date.parse(buckets[buckets.length - 1]!.end);
  // A package of d days ends in the window when it was sent d days before it: one read per d
  // (a few: the lengths senders chose), each a range of one index, with no date arithmetic in
  // either dialect. The lengths are every send's, read from that index a step at a time, each
  // the next one past the last (a DISTINCT read all 100,000 entries of a year on PostgreSQL).
  const { rows: found } = await sql<{ d: number | string }>`
    WITH RECURSIVE lengths(d) AS (
      SELECT min(expires_in_days) FROM send_records
      UNION ALL
      SELECT (SELECT min(s.expires_in_days) FROM send_records s WHERE s.expires_in_days > lengths.d) FROM lengths WHERE lengths.d IS NOT NULL
    )
    SELECT d FROM lengths WHERE d IS NOT NULL`.execute(source.db);
  const lengths = found.map((r) => Number(r.d));
  const rows = (
    await Promise.all(
      lengths.map((d) =>
        sends(source)
          .leftJoin('watched_records as w', (j) => j.on('w.kind', '=', 'package').onRef('w.id', '=', 's.package_id'))
          .where('s.expires_in_days', '=', d)
          .where('s.sent_at', '>=', new Date(now.getTime() - d * DAY_MS).toISOString())
          .where('s.sent_at', '<', new Date(until - d * DAY_MS).toISOString())
          .where((eb) => eb.or([eb('w.last_status', 'in', ['queued', 'delivered']), eb('w.last_status', 'is', null)]))
          .select([
            's.package_id',
            's.template_id',
            's.template_name',
            's.sent_at',
            's.expires_in_days',
            sql<string | null>`w.last_status`.as('status'),
          ])
          .execute(),
      ),
    )
  ).flat();
  const expiring = rows
    .map((r) => ({
      package_id: r.package_id!,
      template_id: r.template_id,
      template_name: r.template_name,
      status: r.status,
      expires_at: new Date(Date.parse(r.sent_at!) + Number(r.expires_in_days) * DAY_MS).toISOString(),
    }))
    .sort((a, b) => a.expires_at.localeCompare(b.expires_at) || a.package_id.localeCompare(b.package_id));
  const days = buckets.map((b) => ({
    day: b.from,
    count: expiring.filter((p) => p.expires_at >= b.start && p.expires_at < b.end).length,
  }));
  return { days, packages: expiring.slice(0, EXPIRING_ROWS), total: expiring.length };
}
