import 'server-only';
import { PostgresAdapter, type Kysely } from 'kysely';
import { DRAFT_LIMIT_REACHED } from '@/lib/drafts/draft-codes';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { fingerprintOf } from '../intents/journal';
import { newDraftId, toDraft, written, type DraftInput, type DraftKind, type DraftMeta } from './draft-record';

export interface CreateDraft<V> {
  userId: string;
  input: DraftInput<V>;
  /** the browser's key for this Save click; the same key again answers the same draft */
  key: string | null;
  /** what the fingerprint covers: the body as sent, so the same key with another body is refused */
  body: unknown;
  /** drafts one user may keep, every kind together (DRAFTS_PER_USER; the routes pass it). None: no cap */
  limit?: number;
}

/**
 * Creates a draft. Under a key the insert and the look-up are one unique index apart, so a
 * double click, a retry after a lost answer or a second instance all end at one draft; the
 * same key with another body is refused, as the API refuses it (DESIGN.md section 3).
 */
export async function createDraft<V, S extends DraftMeta>(
  db: Kysely<Database>,
  kind: DraftKind<V, S>,
  { userId, input, key, body, limit }: CreateDraft<V>,
): Promise<{ draft: S & { values: V }; created: boolean }> {
  const id = newDraftId(kind.idPrefix);
  const now = new Date().toISOString();
  const fingerprint = key ? fingerprintOf(undefined, body) : null;
  const insert = (tx: Kysely<Database>) =>
    tx
      .insertInto('drafts')
      .values({
        id,
        user_id: userId,
        kind: kind.kind,
        ...written(kind, input),
        version: 1,
        create_key: key,
        create_fingerprint: fingerprint,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'create_key']).doNothing())
      .execute();
  // The count and the insert are one transaction only under a limit: without one, a plain insert
  // (two SQLite connections of one process would wait on each other's transaction).
  if (limit === undefined) await insert(db);
  else
    await db.transaction().execute(async (tx) => {
      await belowLimit(tx, kind, { userId, key, limit });
      await insert(tx);
    });
  let query = db.selectFrom('drafts').selectAll().where('user_id', '=', userId).where('kind', '=', kind.kind);
  query = key ? query.where('create_key', '=', key) : query.where('id', '=', id);
  const row = await query.executeTakeFirst();
  // Deleted by another tab between the insert and this read: that Save has nothing to answer.
  if (!row) throw new ConsoleError(409, 'DRAFT_DELETED', 'The draft was deleted while it was being saved. Save again.');
  if (row.create_fingerprint !== fingerprint) {
    throw new ConsoleError(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key already belongs to a different draft. Save again.',
    );
  }
  return { draft: toDraft(kind, row), created: row.id === id };
}

/**
 * Refuses a new draft past the user's allowance, every kind counted together; a Save retried
 * under the key of a draft it made is no new draft. PostgreSQL locks the user's row first, so
 * two instances' creates count one after the other; SQLite runs one transaction at a time.
 */
async function belowLimit<V, S extends DraftMeta>(
  tx: Kysely<Database>,
  kind: DraftKind<V, S>,
  { userId, key, limit }: { userId: string; key: string | null; limit: number },
) {
  if (tx.getExecutor().adapter instanceof PostgresAdapter)
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const { n } = await tx
    .selectFrom('drafts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(n) < limit) return;
  if (key) {
    const made = await tx
      .selectFrom('drafts')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind.kind)
      .where('create_key', '=', key)
      .executeTakeFirst();
    if (made) return;
  }
  throw new ConsoleError(
    409,
    DRAFT_LIMIT_REACHED,
    `You keep ${Number(n)} drafts: the most one user may keep is ${limit}, package and request drafts together. Delete drafts you no longer need, then save again.`,
  );
}
