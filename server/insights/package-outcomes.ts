import 'server-only';
import type { PackageTallies } from './package-tallies';

/** Where a package sent in the period stands now, as the watcher last saw it. */
export const PACKAGE_OUTCOMES = ['completed', 'declined', 'expired', 'delivered', 'queued', 'other', 'not_seen'] as const;
export type PackageOutcome = (typeof PACKAGE_OUTCOMES)[number];

const KNOWN = new Set<string>(PACKAGE_OUTCOMES);

/**
 * The outcome mix of the packages sent in the period: completed, declined, expired, still open
 * (delivered, queued), a status the spec does not name ('other'), and those the watcher has not
 * seen yet ('not_seen': the console knows it sent them, not where they stand).
 */
export function packageOutcomes(tallies: PackageTallies) {
  const counts = Object.fromEntries(PACKAGE_OUTCOMES.map((o) => [o, 0])) as Record<PackageOutcome, number>;
  for (const row of tallies.rows) {
    const outcome: PackageOutcome =
      row.status === null ? 'not_seen' : KNOWN.has(row.status) ? (row.status as PackageOutcome) : 'other';
    counts[outcome] += row.count;
  }
  return PACKAGE_OUTCOMES.map((outcome) => ({ outcome, count: counts[outcome] }));
}
