import 'server-only';
import { createHash } from 'node:crypto';
import type { ConsoleRecord } from '@/lib/packages/schemas';
import type { SendRecordsTable } from '../db/schema';

/** Receipts are bearer tokens of the API: the record keeps their digest, never the token. */
export const receiptHash = (previewToken: string) => createHash('sha256').update(previewToken).digest('hex');

export interface RecordedSigner {
  slot_id: string;
  name: string;
  email: string;
  phone: string;
}

/** What the console's search reads: one lower-cased line of what a sender would look for. */
export function searchTextOf(r: {
  reference?: string | null;
  template_name?: string | null;
  template_id: string;
  signers: RecordedSigner[];
  sender_values: Record<string, unknown>;
}) {
  return [
    r.reference,
    r.template_name,
    r.template_id,
    ...r.signers.flatMap((s) => [s.name, s.email, s.phone]),
    ...Object.values(r.sender_values).map(String),
  ]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join('\n')
    .toLowerCase();
}

export function toConsoleRecord(
  row: Pick<SendRecordsTable, 'reference' | 'signers' | 'user_id' | 'sent_at' | 'expires_in_days'>,
  senderName: string,
): ConsoleRecord {
  const signers = JSON.parse(row.signers) as RecordedSigner[];
  return {
    reference: row.reference,
    recipients: signers.map((s) => ({ slot_id: s.slot_id, name: s.name, email: s.email })),
    sent_by: senderName,
    sent_at: row.sent_at,
    expires_in_days: row.expires_in_days,
  };
}
