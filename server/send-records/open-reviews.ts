import 'server-only';
import type { Kysely } from 'kysely';
import type { ReviewStart } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import type { RecordedSigner } from './send-record';

/** How long a preview receipt is good for (spec section 2): a review must be sent within it. */
export const RECEIPT_VALIDITY_MS = 10 * 60_000;

export interface OpenReview {
  id: string;
  template_id: string;
  template_name: string | null;
  reference: string | null;
  previewed_at: string;
  /** when its receipt lapses: ten minutes after the preview, on this console's clock */
  lapses_at: string;
}

/**
 * The user's previews not sent (yet) whose receipt is still good at `now`, newest first; a
 * preview the user made again (the same template, later) stands for the earlier one.
 */
export async function openReviewsOf(db: Kysely<Database>, userId: string, now: Date): Promise<OpenReview[]> {
  const since = new Date(now.getTime() - RECEIPT_VALIDITY_MS).toISOString();
  const rows = await db
    .selectFrom('send_records')
    .select(['id', 'template_id', 'template_name', 'reference', 'previewed_at', 'package_id'])
    .where('user_id', '=', userId)
    .where('previewed_at', '>', since)
    .orderBy('previewed_at', 'desc')
    .execute();
  const seen = new Set<string>();
  const open: OpenReview[] = [];
  for (const r of rows) {
    if (seen.has(r.template_id)) continue;
    seen.add(r.template_id);
    if (r.package_id !== null) continue;
    const lapses = new Date(Date.parse(r.previewed_at) + RECEIPT_VALIDITY_MS).toISOString();
    open.push({
      id: r.id,
      template_id: r.template_id,
      template_name: r.template_name,
      reference: r.reference,
      previewed_at: r.previewed_at,
      lapses_at: lapses,
    });
  }
  return open;
}

/** What the user previewed under a recorded preview of theirs, to start the send form from; anyone else's is 404. */
export async function reviewStartOf(db: Kysely<Database>, userId: string, id: string): Promise<ReviewStart> {
  const row = await db
    .selectFrom('send_records')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new ConsoleError(404, 'NOT_FOUND', 'No preview of yours has this id.');
  const signers = JSON.parse(row.signers) as RecordedSigner[];
  return {
    id: row.id,
    template_id: row.template_id,
    template_name: row.template_name,
    reference: row.reference,
    sender_values: JSON.parse(row.sender_values) as Record<string, string | number>,
    signers,
    expires_in_days: row.expires_in_days,
    previewed_at: row.previewed_at,
    package_id: row.package_id,
  };
}
