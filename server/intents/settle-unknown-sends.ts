import 'server-only';
import type { Kysely } from 'kysely';
import { sendInputSchema } from '@/lib/packages/schemas';
import { recordAudit } from '../audit';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { sendPackage } from '../packages/send-package';
import { callContext } from '../signing-api/client/call-context';
import { SigningApiError } from '../signing-api/client/errors';
import { findUser } from '../users/users';
import { settleIntent } from './journal';

/** Sends one run confirms at most; the rest wait for the next run. */
const PER_RUN = 20;

export interface SettleResult {
  confirmed: number;
  failed: number;
  still_unknown: number;
}

/**
 * Unknown outcomes nobody confirmed: a package send whose answer never came, left by its page
 * for `afterSeconds`, is sent again as it was (the journal kept the body) under its own key, in
 * its sender's lane. The API answers a key it has seen with what it did then, so this sends
 * nothing twice; a definite refusal settles it as failed, anything else leaves it unknown for
 * the next run. Each outcome learned is audited, as the sender's, done by the console.
 */
export async function settleUnknownSends(db: Kysely<Database>, afterSeconds: number, now = new Date()): Promise<SettleResult> {
  const result: SettleResult = { confirmed: 0, failed: 0, still_unknown: 0 };
  if (afterSeconds <= 0) return result;
  const before = new Date(now.getTime() - afterSeconds * 1000).toISOString();
  const open = await db
    .selectFrom('intent_journal')
    .selectAll()
    .where('operation', '=', 'package.send')
    .where('state', '=', 'unknown')
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(PER_RUN)
    .execute();
  for (const intent of open) {
    const input = sendInputSchema.safeParse(intent.body ? JSON.parse(intent.body) : null);
    if (!input.success) continue; // not a body this release can send again: its page confirms it
    const user = await findUser(db, intent.user_id);
    const audit = (o: { outcome: 'success' | 'failure'; status: number; targetId?: string; errorCode?: string }) =>
      recordAudit(db, {
        user: user ? { id: user.id, email: user.email, roles: user.roles } : null,
        operation: 'package.send',
        targetType: 'signature_package',
        targetId: o.targetId ?? null,
        outcome: o.outcome,
        status: o.status,
        errorCode: o.errorCode ?? null,
        idempotencyKey: intent.idempotency_key,
        reason: 'an unknown outcome confirmed by the console in the background, under the same key',
      });
    try {
      const pkg = await callContext.run({ upstreamRequestId: null, lane: intent.user_id }, () =>
        sendPackage({ input: input.data, idempotencyKey: intent.idempotency_key, userId: intent.user_id }),
      );
      await settleIntent(db, intent.id, { status: 200, resultId: pkg.id });
      await audit({ outcome: 'success', status: 200, targetId: pkg.id });
      result.confirmed++;
    } catch (err) {
      if (!(err instanceof SigningApiError || err instanceof ConsoleError)) throw err;
      const state = await settleIntent(db, intent.id, { status: err.status, errorCode: err.code });
      if (state === 'failed') {
        await audit({ outcome: 'failure', status: err.status, errorCode: err.code });
        result.failed++;
      } else result.still_unknown++;
    }
  }
  return result;
}
