import 'server-only';
import { open, seal } from '../auth/session-keys';
import type { JobQueue } from '../jobs/job-queue';
import { jobQueue } from '../jobs/job-queue-holder';

// A confirmed row is the server's to send: its receipt is kept sealed with the row (a bearer
// token, never stored in the clear) and a job is queued under the row's key, so one row has
// at most one send queued and one running, across instances.

/** Long enough to confirm an unknown outcome under the same key long after the receipt's 10 minutes. */
const SEAL_TTL_S = 7 * 24 * 3600;

export const sealReceipt = (token: string) => seal({ t: token }, SEAL_TTL_S);

/** The receipt a row keeps, or null when its seal no longer opens (a rotated session password). */
export async function openReceipt(sealed: string | null): Promise<string | null> {
  if (!sealed) return null;
  const { t } = await open<{ t: string }>(sealed, SEAL_TTL_S);
  return typeof t === 'string' ? t : null;
}

export const rowJobKey = (batchId: string, position: number) => `${batchId}:${position}`;

/** Queues the send of one row (a second queued send of the same row is dropped). */
export async function queueRowSend(batchId: string, position: number, queue?: JobQueue) {
  await (queue ?? (await jobQueue())).send(
    'bulk-send-row',
    { batch_id: batchId, position },
    { singletonKey: rowJobKey(batchId, position) },
  );
}
