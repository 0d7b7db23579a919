import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { receiptHash } from './send-record';

/**
 * What the server itself knows of a preview by its receipt: when it was made, and its PDF; and
 * `identical_since`, when this sender first previewed the very same thing (the same PDF bytes
 * from the same template version, values, signers and expiry), which is when what the sender
 * sees on a receipt like this one could first be seen. A receipt that lapsed mid-review is
 * previewed again, and the pages and summary already seen of it stay seen (ReviewMemory in
 * components/packages/send/review-progress.ts), with the times they were seen.
 */
export async function previewOf(db: Kysely<Database>, previewToken: string, userId?: string) {
  const preview = await db
    .selectFrom('send_records')
    .select([
      'user_id',
      'previewed_at',
      'page_count',
      'pdf_sha256',
      'template_id',
      'template_version_id',
      'sender_values',
      'signers',
      'expires_in_days',
    ])
    .where('receipt_hash', '=', receiptHash(previewToken))
    .executeTakeFirst();
  if (!preview) return undefined;
  const { previewed_at, page_count, pdf_sha256 } = preview;
  // Unknown bytes, or another sender's preview, are the same as nothing: the receipt's own time.
  if (pdf_sha256 === null || userId === undefined || preview.user_id !== userId)
    return { previewed_at, page_count, pdf_sha256, identical_since: previewed_at };
  const first = await db
    .selectFrom('send_records')
    .select((eb) => eb.fn.min('previewed_at').as('since'))
    .where('user_id', '=', userId)
    .where('pdf_sha256', '=', pdf_sha256)
    .where('template_id', '=', preview.template_id)
    .where('template_version_id', preview.template_version_id === null ? 'is' : '=', preview.template_version_id)
    .where('sender_values', '=', preview.sender_values)
    .where('signers', '=', preview.signers)
    .where('expires_in_days', '=', preview.expires_in_days)
    .where('previewed_at', '<=', previewed_at)
    .executeTakeFirst();
  return { previewed_at, page_count, pdf_sha256, identical_since: first?.since ?? previewed_at };
}
