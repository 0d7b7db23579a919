import 'server-only';
import { db } from '../db';
import { env } from '../env';
import { logger } from '../logger';
import { pruneExpired } from './retention';

// The console's own background work, started once per server process (instrumentation.ts).
// Each run is safe on several instances at once and after a restart; a failed run (the
// database down) is logged and tried again at the next turn.

const FIRST_RUN_MS = 2_000;
const RETENTION_EVERY_MS = 60 * 60 * 1000;

async function retention() {
  const e = env();
  const pruned = await pruneExpired(await db(), { auditDays: e.AUDIT_RETENTION_DAYS, intentDays: e.INTENT_RETENTION_DAYS });
  if (pruned.audit || pruned.intents) logger().info({ job: 'retention', ...pruned }, 'pruned what is past its retention');
}

function every(name: string, ms: number, run: () => Promise<void>) {
  const turn = () =>
    run().catch((err: unknown) => logger().warn({ job: name, err }, 'background job failed; it runs again at its next turn'));
  setTimeout(turn, FIRST_RUN_MS).unref();
  setInterval(turn, ms).unref();
}

const started = globalThis as unknown as { signdeskJobs?: boolean };

/** Starts the background jobs of this process, once. */
export function startJobs() {
  if (started.signdeskJobs) return;
  started.signdeskJobs = true;
  every('retention', RETENTION_EVERY_MS, retention);
}
