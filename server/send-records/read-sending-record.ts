import 'server-only';
import type { Kysely } from 'kysely';
import { reviewEvidenceSchema } from '@/lib/packages/schemas';
import type { SendingRecord } from '@/lib/packages/sending-record';
import type { Database } from '../db/schema';
import type { RecordedSigner } from './send-record';
import { currentScope, inScope } from '../teams/scope';

/** The console's sending record of a package it sent, or null when it sent none by that id (or another team did). */
export async function readSendingRecord(db: Kysely<Database>, packageId: string): Promise<SendingRecord | null> {
  const row = await db
    .selectFrom('send_records')
    .leftJoin('users as previewer', 'previewer.id', 'send_records.user_id')
    .leftJoin('users as confirmer', 'confirmer.id', 'send_records.confirmed_by')
    .selectAll('send_records')
    .select([
      'previewer.name as previewer_name',
      'previewer.email as previewer_email',
      'confirmer.name as confirmer_name',
      'confirmer.email as confirmer_email',
    ])
    .where('send_records.package_id', '=', packageId)
    .where(inScope('send_records.team_id', await currentScope()))
    .executeTakeFirst();
  if (!row) return null;
  const person = (name: string | null, email: string | null) => (name !== null && email !== null ? { name, email } : null);
  // Written by this console through the same schema; a row it cannot read shows no review rather than failing the record.
  const review = row.review === null ? null : (reviewEvidenceSchema.safeParse(JSON.parse(row.review)).data ?? null);
  const values = JSON.parse(row.sender_values) as Record<string, unknown>;
  const labels = new Map(
    (row.field_labels ? (JSON.parse(row.field_labels) as { key: string; label: string }[]) : []).map((f) => [f.key, f.label]),
  );
  // A bulk row's review is kept across a new preview of the same PDF (server/bulk/send-row.ts):
  // then the receipt it reviewed is not the one sent, and what it saw was on that earlier preview.
  const bulkRow = await db
    .selectFrom('bulk_row_receipts')
    .innerJoin('bulk_rows', (j) =>
      j
        .onRef('bulk_rows.batch_id', '=', 'bulk_row_receipts.batch_id')
        .onRef('bulk_rows.position', '=', 'bulk_row_receipts.position'),
    )
    .select('bulk_rows.reviewed_receipt_hash')
    .where('bulk_row_receipts.receipt_hash', '=', row.receipt_hash)
    .executeTakeFirst();
  return {
    package_id: packageId,
    template: {
      id: row.template_id,
      name: row.template_name,
      version:
        row.template_version_id === null && row.template_version_number === null
          ? null
          : { id: row.template_version_id, number: row.template_version_number },
    },
    reference: row.reference,
    previewed: { by: person(row.previewer_name, row.previewer_email), at: row.previewed_at },
    receipt_sha256: row.receipt_hash,
    populated_pdf: { sha256: row.pdf_sha256, page_count: row.page_count },
    review,
    // Null "by" for a package sent before the console kept who confirmed (or whose account is gone).
    confirmed: { by: person(row.confirmer_name, row.confirmer_email), at: review?.confirmed_at ?? row.sent_at },
    expires_in_days: row.expires_in_days,
    recipients: (JSON.parse(row.signers) as RecordedSigner[]).map((s) => ({
      slot_id: s.slot_id,
      name: s.name,
      email: s.email,
      phone: s.phone,
    })),
    sender_values: values,
    fields: Object.entries(values).map(([key, value]) => ({ key, label: labels.get(key) ?? null, value })),
    review_from_earlier_preview:
      review !== null && Boolean(bulkRow?.reviewed_receipt_hash) && bulkRow?.reviewed_receipt_hash !== row.receipt_hash,
    idempotency_key: row.idempotency_key,
    api_answer: { status: row.sent_status, request_id: row.request_id, at: row.sent_at },
  };
}
