import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';

// Where the watcher's sweep stands: which open-status list and page it reads next, or that
// every list was read and what they missed is being read on its own. Kept in the database so
// the next run, on whichever instance, goes on from there.

const positionSchema = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('lists'), list: z.int().min(0), page: z.int().min(1) }),
  /** `read`: records this sweep has read on their own so far */
  z.object({ phase: z.literal('missed'), read: z.int().min(0) }),
]);
export type SweepPosition = z.infer<typeof positionSchema>;

export interface Cursor {
  sweep: string;
  position: SweepPosition;
}

const NAME = 'open-records';

export const newSweep = (): Cursor => ({
  sweep: `sw_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`,
  position: { phase: 'lists', list: 0, page: 1 },
});

export async function readCursor(db: Kysely<Database>): Promise<Cursor> {
  const row = await db.selectFrom('watcher_cursor').select(['sweep', 'position']).where('name', '=', NAME).executeTakeFirst();
  if (!row) return newSweep();
  let raw: unknown = null;
  try {
    raw = JSON.parse(row.position);
  } catch {
    // unreadable: a fresh sweep, as on a first run
  }
  const position = positionSchema.safeParse(raw);
  return position.success ? { sweep: row.sweep, position: position.data } : newSweep();
}

/** Keeps where the sweep stands; `swept`: this run ended a sweep, so its time is the last sweep's. */
export async function writeCursor(db: Kysely<Database>, cursor: Cursor, now: Date, swept = false) {
  const at = now.toISOString();
  const values = { name: NAME, sweep: cursor.sweep, position: JSON.stringify(cursor.position), updated_at: at };
  const sweptAt = swept ? { swept_at: at } : {};
  await db
    .insertInto('watcher_cursor')
    .values({ ...values, ...sweptAt })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ sweep: values.sweep, position: values.position, updated_at: at, ...sweptAt }),
    )
    .execute();
}

/** When a run last ended a sweep (the console's time), and when the watcher last ran; nulls before either. */
export async function watcherTimes(db: Kysely<Database>): Promise<{ sweptAt: string | null; ranAt: string | null }> {
  const row = await db
    .selectFrom('watcher_cursor')
    .select(['swept_at', 'updated_at'])
    .where('name', '=', NAME)
    .executeTakeFirst();
  return { sweptAt: row?.swept_at ?? null, ranAt: row?.updated_at ?? null };
}
