import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newSweep, readCursor, writeCursor, type Cursor } from './cursor';
import { layerVisitsOf } from './layer-visits';
import { WATCH_LISTS, dueAt, statusAt, type WatchedKind } from './open-statuses';
import { signingApiForWatcher, type WatcherApi } from './watcher-api';
import { followKnown, missedBy, recordSeen, stopFollowing } from './watched-store';

// The watcher (issue 36): follows the packages and approval requests that are not finished
// and records each change of status at the API's time, so Home, the lists and the insights
// can read what it saw instead of asking the API again.
//
// Its cost is a run's pages, not its records: a sweep reads the API's list of each open
// status, 100 to a page (5 lists, so at least 5 calls), and reads on its own only a followed
// record that no list showed (it finished, or the pages moved under the sweep), at most one
// run's share of those per sweep. A run makes at most `maxCalls` calls, the operator's share
// of the key; a sweep that needs more goes on at the next run from where this one stopped. A
// sweep that ends leaves the next to the next run: one sweep per period at the most.

export const PAGE_SIZE = 100;
/** Sends or submissions this long before the previous run are looked at again (a clock's skew, a slow transaction). */
const FOLLOW_OVERLAP_MS = 3_600_000;

export interface WatchOptions {
  db: Kysely<Database>;
  /** WATCHER_MAX_CALLS_PER_RUN */
  maxCalls: number;
  api?: WatcherApi;
  now?: () => Date;
}

export interface WatchRun {
  /** API calls made */
  calls: number;
  /** changes of status recorded */
  changes: number;
  /** the sweep ended in this run (every open list read, every record they missed read) */
  sweepCompleted: boolean;
}

export async function watchOpenRecords({
  db,
  maxCalls,
  api = signingApiForWatcher,
  now = () => new Date(),
}: WatchOptions): Promise<WatchRun> {
  const previous = await db.selectFrom('watcher_cursor').select('updated_at').executeTakeFirst();
  const since = previous ? new Date(Date.parse(previous.updated_at) - FOLLOW_OVERLAP_MS).toISOString() : null;
  await followKnown(db, now(), since);
  let cursor: Cursor = await readCursor(db);
  const run: WatchRun = { calls: 0, changes: 0, sweepCompleted: false };
  try {
    while (run.calls < maxCalls && !run.sweepCompleted) {
      cursor = await step(cursor);
    }
  } finally {
    await writeCursor(db, cursor, now(), run.sweepCompleted);
  }
  return run;

  // One call's worth (or a few single reads' worth) of the sweep; answers where it goes on.
  async function step(at: Cursor): Promise<Cursor> {
    const { sweep, position } = at;
    if (position.phase === 'lists') {
      const list = WATCH_LISTS[position.list];
      if (!list) return { sweep, position: { phase: 'missed', read: 0 } };
      const page = await api.list(list.kind, list.status, position.page, PAGE_SIZE);
      run.calls++;
      run.changes += await recordSeen(
        db,
        list.kind,
        page.data.map((r) => seen(list.kind, r, page.date)),
        sweep,
        now(),
      );
      const next =
        position.page < page.pagination.pages
          ? { ...position, page: position.page + 1 }
          : { phase: 'lists' as const, list: position.list + 1, page: 1 };
      return { sweep, position: next.list < WATCH_LISTS.length ? next : { phase: 'missed', read: 0 } };
    }
    // A sweep reads at most one run's share on its own, over as many runs as that takes: a
    // backlog (records sent before the watcher ran) is read over several sweeps, oldest first,
    // and never holds the lists back for long.
    const limit = Math.min(maxCalls - run.calls, maxCalls - position.read);
    const missed = limit > 0 ? await missedBy(db, sweep, limit) : [];
    for (const { kind, id } of missed) {
      const answer = await api.read(kind, id);
      run.calls++;
      if (answer.record) run.changes += await recordSeen(db, kind, [seen(kind, answer.record, answer.date)], sweep, now());
      else await stopFollowing(db, kind, id, sweep, now());
    }
    const read = position.read + missed.length;
    if (missed.length === limit && read < maxCalls) return { sweep, position: { phase: 'missed', read } };
    run.sweepCompleted = true;
    return newSweep();
  }
}

const seen = (kind: WatchedKind, record: Record<string, unknown> & { id: string; status: string }, date: string | null) => ({
  id: record.id,
  status: record.status,
  at: statusAt(kind, record, date),
  due_at: dueAt(kind, record),
  ...(kind === 'approval_request' ? { visits: layerVisitsOf(record) } : {}),
});
