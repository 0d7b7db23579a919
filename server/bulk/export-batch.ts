import 'server-only';
import type { Kysely } from 'kysely';
import { BULK_ROW_STATE_LABELS } from '@/lib/bulk/row-states';
import type { Database } from '../db/schema';
import { toCsv } from '@/lib/csv/write-csv';
import { csvResponse, exportFileName } from '../lists/csv';
import { readBatch } from './read-batches';

const COLUMNS = [
  'row',
  'reference',
  'recipients',
  'state',
  'package_id',
  'sent_at',
  'reviewed_at',
  'error_code',
  'error',
] as const;

/** The batch's results as CSV: one line per row of the spreadsheet, in its order. */
export async function exportBatch(db: Kysely<Database>, userId: string, batchId: string, now = new Date()): Promise<Response> {
  const batch = await readBatch(db, userId, batchId);
  const rows = batch.rows.map((r) => ({
    row: r.line,
    reference: r.reference,
    recipients: r.signers.map((s) => `${s.name} <${s.email}>`).join('; '),
    state: BULK_ROW_STATE_LABELS[r.state],
    package_id: r.package_id,
    sent_at: r.sent_at,
    reviewed_at: r.reviewed_at,
    error_code: r.error?.code,
    error: r.error?.message,
  }));
  return csvResponse(toCsv(COLUMNS, rows), exportFileName('bulk', { batch: batch.name }, ['batch'], now));
}
