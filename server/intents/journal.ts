import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, IntentJournalTable, IntentState } from '../db/schema';
import { unsettledAnswer } from '@/lib/confirm-loop';
import { UNSENT_REFUSALS } from '@/lib/upload/unsent-refusals';
import { ConsoleError } from '../errors';

// The intent journal (DESIGN.md section 6). Every keyed mutation is written down before the
// Signing API is called, with what was sent, and settled by the answer. An answer nobody saw
// (no answer, a timeout, 5xx or 429 after the client's retries) leaves the intent `unknown`:
// only a definite answer to the same key settles it, so the console never claims "nothing
// was sent" on a guess, and a reload, another tab, another instance or a restart can send
// the very same request again under the same key.

export type Intent = Selectable<IntentJournalTable>;

/** An attempt's intent, as beginIntent found it. */
export type BegunIntent = Intent & {
  /** an earlier attempt under this key has an outcome not known (it is unknown, or still pending) */
  earlierUnknown: boolean;
};

export interface IntentStart {
  userId: string;
  operation: string;
  key: string;
  method: string;
  path: string;
  /** the parsed params and body; the fingerprint covers both */
  params: unknown;
  body: unknown;
  /** uploads: the file is never kept, so the intent cannot be replayed by the server's record */
  replayable: boolean;
}

export const fingerprintOf = (params: unknown, body: unknown) => createHash('sha256').update(JSON.stringify({ params: params ?? null, body: body ?? null })).digest('hex');

/**
 * Records the intent (or finds it again for a retry of the same key) and marks it pending.
 * The same key with another operation or body is refused before anything is sent.
 */
export async function beginIntent(db: Kysely<Database>, start: IntentStart): Promise<BegunIntent> {
  const now = new Date().toISOString();
  const fingerprint = fingerprintOf(start.params, start.body);
  const inserted = await db
    .insertInto('intent_journal')
    .values({
      id: `int_${randomUUID().replaceAll('-', '')}`,
      user_id: start.userId,
      operation: start.operation,
      idempotency_key: start.key,
      fingerprint,
      method: start.method,
      path: start.path,
      body: start.replayable && start.body !== undefined ? JSON.stringify(start.body) : null,
      state: 'pending',
      status: null,
      result_id: null,
      error_code: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  const fresh = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  const row = await db.selectFrom('intent_journal').selectAll().where('user_id', '=', start.userId).where('idempotency_key', '=', start.key).executeTakeFirstOrThrow();
  if (row.operation !== start.operation || row.fingerprint !== fingerprint) {
    throw new ConsoleError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key already belongs to a different action. Start the new action afresh.');
  }
  if (row.state !== 'pending') {
    await db.updateTable('intent_journal').set({ state: 'pending', updated_at: now }).where('id', '=', row.id).where('state', '!=', 'succeeded').execute();
  }
  return { ...row, earlierUnknown: !fresh && (row.state === 'unknown' || row.state === 'pending') };
}

/**
 * What an answer says of an intent: 2xx succeeded; any other definite answer to the key
 * (a 4xx but 429) failed; no answer, 5xx, 429 or a key still in progress leave it unknown.
 * A refusal of the attempt before anything of it was done (UPLOAD_BUSY, the console's upload
 * slots: lib/upload/unsent-refusals.ts) is definite whatever its status, and says nothing of
 * an earlier attempt under the key: with `earlierUnknown`, the intent stays unknown.
 */
export function outcomeOf(status: number, errorCode?: string | null, earlierUnknown = false): Exclude<IntentState, 'pending'> {
  if (status >= 200 && status < 300) return 'succeeded';
  if (status >= 400 && errorCode && UNSENT_REFUSALS.has(errorCode)) return earlierUnknown ? 'unknown' : 'failed';
  // Another call under this key still running counts as no answer: its outcome decides.
  return unsettledAnswer(status, errorCode) ? 'unknown' : 'failed';
}

export async function settleIntent(
  db: Kysely<Database>,
  id: string,
  answer: { status: number; resultId?: string | null; errorCode?: string | null; earlierUnknown?: boolean },
) {
  const state = outcomeOf(answer.status, answer.errorCode, answer.earlierUnknown);
  let update = db
    .updateTable('intent_journal')
    .set({ state, status: answer.status, result_id: answer.resultId ?? null, error_code: answer.errorCode ?? null, updated_at: new Date().toISOString() })
    .where('id', '=', id);
  // A success is final: a later unclear answer to the same key cannot undo what is known.
  if (state !== 'succeeded') update = update.where('state', '!=', 'succeeded');
  await update.execute();
  return state;
}

/** The user's intents whose outcome is not known yet, newest first. */
export async function openIntents(db: Kysely<Database>, userId: string, operation?: string): Promise<Intent[]> {
  let query = db.selectFrom('intent_journal').selectAll().where('user_id', '=', userId).where('state', 'in', ['pending', 'unknown']);
  if (operation) query = query.where('operation', '=', operation);
  return query.orderBy('updated_at', 'desc').limit(50).execute();
}

export async function findIntent(db: Kysely<Database>, userId: string, key: string): Promise<Intent | undefined> {
  return db.selectFrom('intent_journal').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}
