import 'server-only';
import type { Kysely } from 'kysely';
import { draftLabel } from '@/lib/package-drafts/draft-label';
import type { CreateDraftInput, PackageDraft } from '@/lib/package-drafts/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { fingerprintOf } from '../intents/journal';
import { newDraftId, toDraft } from './draft-record';

export interface CreateDraft {
  userId: string;
  input: CreateDraftInput;
  /** the browser's key for this Save click; the same key again answers the same draft */
  key: string | null;
}

/**
 * Creates a draft. Under a key the insert and the look-up are one unique index apart, so a
 * double click, a retry after a lost answer or a second instance all end at one draft; the
 * same key with another body is refused, as the API refuses it (DESIGN.md section 3).
 */
export async function createDraft(
  db: Kysely<Database>,
  { userId, input, key }: CreateDraft,
): Promise<{ draft: PackageDraft; created: boolean }> {
  const id = newDraftId();
  const now = new Date().toISOString();
  const fingerprint = key ? fingerprintOf(undefined, input) : null;
  await db
    .insertInto('package_drafts')
    .values({
      id,
      user_id: userId,
      template_id: input.template_id,
      template_name: input.template_name || null,
      label: draftLabel(input.values),
      form_values: JSON.stringify(input.values),
      version: 1,
      create_key: key,
      create_fingerprint: fingerprint,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'create_key']).doNothing())
    .execute();
  let query = db.selectFrom('package_drafts').selectAll().where('user_id', '=', userId);
  query = key ? query.where('create_key', '=', key) : query.where('id', '=', id);
  const row = await query.executeTakeFirst();
  // Deleted by another tab between the insert and this read: that Save has nothing to answer.
  if (!row) throw new ConsoleError(409, 'DRAFT_DELETED', 'The draft was deleted while it was being saved. Save again.');
  if (row.create_fingerprint !== fingerprint) {
    throw new ConsoleError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key already belongs to a different draft. Save again.');
  }
  return { draft: toDraft(row), created: row.id === id };
}
