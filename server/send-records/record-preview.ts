import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { receiptHash, searchTextOf, type RecordedSigner } from './send-record';

export interface RecordPreviewOptions {
  userId: string;
  previewToken: string;
  templateId: string;
  templateName: string | null;
  reference: string | null;
  senderValues: Record<string, string | number>;
  signers: RecordedSigner[];
  expiresInDays: number;
  pdf: { sha256?: string | null; page_count?: number | null };
  /** the template version the preview froze, where the API said */
  templateVersion?: { id: string | null; number: number | null };
  /** the template's sender fields (key and label), where its record could be read */
  fieldLabels?: { key: string; label: string }[] | null;
  at: Date;
}

/** A preview the sender may go on to send: what it holds, under its receipt's digest. */
export async function recordPreview(db: Kysely<Database>, o: RecordPreviewOptions) {
  await db
    .insertInto('send_records')
    .values({
      id: randomUUID(),
      user_id: o.userId,
      receipt_hash: receiptHash(o.previewToken),
      template_id: o.templateId,
      template_name: o.templateName,
      reference: o.reference,
      sender_values: JSON.stringify(o.senderValues),
      signers: JSON.stringify(o.signers),
      expires_in_days: o.expiresInDays,
      pdf_sha256: o.pdf.sha256 ?? null,
      page_count: o.pdf.page_count ?? null,
      previewed_at: o.at.toISOString(),
      search_text: searchTextOf({
        reference: o.reference,
        template_name: o.templateName,
        template_id: o.templateId,
        signers: o.signers,
        sender_values: o.senderValues,
      }),
      idempotency_key: null,
      package_id: null,
      sent_status: null,
      request_id: null,
      sent_at: null,
      review: null,
      confirmed_by: null,
      template_version_id: o.templateVersion?.id ?? null,
      template_version_number: o.templateVersion?.number ?? null,
      field_labels: o.fieldLabels ? JSON.stringify(o.fieldLabels) : null,
    })
    // A receipt is the API's and unique; the same one twice is the same preview.
    .onConflict((oc) => oc.column('receipt_hash').doNothing())
    .execute();
}
