import 'server-only';

// What every CSV export shares besides its text (lib/csv/write-csv.ts writes that): its file
// name and its answer.

// A filter's free text may be long: long enough to tell exports apart.
const MAX_PART = 40;

/** A filter's value in a file name: each run of anything but letters, digits, - and _ becomes one -. */
const safe = (value: string) => value.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, MAX_PART);

/**
 * `signdesk-<what>-2026-11-27.csv`, with the filters in `order` after the day for a narrowed
 * export (`…_operation-package-send_outcome-failure.csv`), so two exports side by side in a
 * downloads folder say what they hold. The day is the one it was taken on, by this console's
 * clock in UTC. Letters, digits, - and _ only before `.csv`: valid on every file system, and
 * nothing to escape in Content-Disposition.
 */
export function exportFileName<K extends string>(
  what: string,
  filters: Partial<Record<K, string>>,
  order: readonly K[],
  now: Date = new Date(),
): string {
  const parts = order.flatMap((key) => {
    const value = filters[key];
    return value ? [`${key}-${safe(value)}`] : [];
  });
  return `${[`signdesk-${what}-${now.toISOString().slice(0, 10)}`, ...parts].join('_')}.csv`;
}

/** The answer of an export route: the file, named, never cached. */
export function csvResponse(body: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}
