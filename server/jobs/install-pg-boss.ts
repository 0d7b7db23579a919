import 'server-only';
import PgBoss from 'pg-boss';
import { bossOptions, type SqlRunner } from './pg-boss-queue';
import { QUEUES, QUEUE_NAMES } from './queues';

/**
 * pg-boss's schema and the console's queues, made or brought up to date by the role that owns
 * the database (`npm run migrate`, or an instance that owns it at start). pg-boss gives each
 * queue a table of its own, which the instances' row-only role could not create. Run under the
 * migrations' advisory lock, so instances starting together take turns.
 */
export async function installPgBoss(pool: SqlRunner): Promise<string[]> {
  const boss = new PgBoss(bossOptions(pool, false));
  const made: string[] = [];
  await boss.start();
  try {
    for (const name of QUEUE_NAMES) {
      const o = QUEUES[name];
      const queue = {
        name,
        policy: 'stately' as const,
        retryLimit: o.retryLimit,
        retryDelay: o.retryDelay,
        retryBackoff: o.retryBackoff,
        expireInSeconds: o.expireInSeconds,
      };
      const known = await boss.getQueue(name);
      if (known) {
        // Changed options only: an unchanged queue costs the instances' row-only role nothing.
        const same = (['retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const).every(
          (k) => known[k] === queue[k],
        );
        if (!same) await boss.updateQueue(name, queue);
      } else {
        await boss.createQueue(name, queue);
        made.push(name);
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
  return made;
}
