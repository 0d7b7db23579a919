import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ReviewEvidence } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { receiptHash } from './send-record';

export interface RecordSendOptions {
  previewToken: string;
  packageId: string;
  status: string;
  /** the template's name as the package names it, where the preview did not */
  templateName: string | null;
  idempotencyKey: string;
  requestId: string | null;
  at: Date;
  /** who pressed Send */
  userId: string;
  /** what their browser saw before it, where it said */
  review: ReviewEvidence | null;
  /** the team it was sent for; none given: a bulk row's batch's team, else no team */
  teamId?: string | null;
}

/**
 * Completes the preview's record with the package the API made of it. A replay of the same
 * send (same key) finds it completed and leaves its first time as it was. Answers whether this
 * call completed it: false for a replay, or a preview the console has no record of.
 */
export async function recordSend(db: Kysely<Database>, o: RecordSendOptions): Promise<boolean> {
  const hash = receiptHash(o.previewToken);
  const team = o.teamId !== undefined ? o.teamId : await batchTeamOf(db, hash);
  const { numUpdatedRows } = await db
    .updateTable('send_records')
    .set({
      package_id: o.packageId,
      sent_status: o.status,
      idempotency_key: o.idempotencyKey,
      request_id: o.requestId,
      sent_at: o.at.toISOString(),
      confirmed_by: o.userId,
      review: o.review ? JSON.stringify(o.review) : null,
      // A package an admin gave to a team while this send's outcome was unknown (it looked sent
      // by other means then) stays that team's: once assigned, it stays.
      team_id: sql<
        string | null
      >`coalesce((select pt.team_id from package_teams pt where pt.package_id = ${o.packageId}), ${team})`,
    })
    .where('receipt_hash', '=', hash)
    .where('package_id', 'is', null)
    .executeTakeFirst();
  if (o.templateName)
    await db
      .updateTable('send_records')
      .set({ template_name: o.templateName, search_text: sql<string>`search_text || ${`\n${o.templateName.toLowerCase()}`}` })
      .where('receipt_hash', '=', hash)
      .where('template_name', 'is', null)
      .execute();
  return Number(numUpdatedRows) > 0;
}

/** The team of the batch a receipt was made for (a bulk row's package is its batch's), or null. */
async function batchTeamOf(db: Kysely<Database>, hash: string): Promise<string | null> {
  const row = await db
    .selectFrom('bulk_row_receipts')
    .innerJoin('bulk_batches', 'bulk_batches.id', 'bulk_row_receipts.batch_id')
    .select('bulk_batches.team_id')
    .where('bulk_row_receipts.receipt_hash', '=', hash)
    .executeTakeFirst();
  return row?.team_id ?? null;
}
