import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { jobQueue } from '../jobs/job-queue-holder';
import { queueRowSend, rowJobKey } from './queued-sends';

/** Rows one sweep queues at most; the next sweep takes the rest. */
const SWEEP_MAX = 500;

/**
 * Queues every row the server owes a send: confirmed rows of open batches, and rows whose send
 * is under way (its outcome to confirm under its key), unless the row's job is still there
 * (queued, running, or waiting out its backoff after a failure: a second job beside it would
 * call the API at once, through an outage the backoff is there to wait out). So this runs as
 * often as it likes: after a restart, a resume, a job lost with its instance. Returns how many
 * rows it queued.
 */
export async function queueDueRows(db: Kysely<Database>, batchId?: string, queue?: JobQueue): Promise<number> {
  let q = db
    .selectFrom('bulk_rows as r')
    .innerJoin('bulk_batches as b', 'b.id', 'r.batch_id')
    .select(['r.batch_id', 'r.position'])
    .where((eb) =>
      eb.or([
        eb.and([eb('r.state', '=', 'sending'), eb('r.sealed_receipt', 'is not', null)]),
        eb.and([eb('r.state', '=', 'reviewed'), eb('b.state', '=', 'open')]),
      ]),
    );
  if (batchId) q = q.where('r.batch_id', '=', batchId);
  const due = await q.orderBy('r.updated_at').limit(SWEEP_MAX).execute();
  if (due.length === 0) return 0;
  const jobs = queue ?? (await jobQueue());
  const pending = await jobs.pendingKeys(
    'bulk-send-row',
    due.map((r) => rowJobKey(r.batch_id, r.position)),
  );
  const idle = due.filter((r) => !pending.has(rowJobKey(r.batch_id, r.position)));
  for (const row of idle) await queueRowSend(row.batch_id, row.position, jobs);
  return idle.length;
}
