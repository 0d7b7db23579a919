import 'server-only';
import type { Kysely } from 'kysely';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { rowPreviewInput, rowProblems } from '@/lib/bulk/rows';
import { CHANGEABLE_ROW_STATES, type FixRowInput } from '@/lib/bulk/schemas';
import { previewInputSchema } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { getCatalogItem } from '../signing-api/catalog';
import { moveRow, rowInput, rowOf, touchBatch, type RowRecord } from './batch-store';
import { readBatch } from './read-batches';

// A row put right, or left out, on the batch's page. Only a row not yet handed to the API
// (to review, reviewed, or failed: definitely refused) changes; each change is a conditional
// move, so one that meets the server binding the row's send loses, and says so.

interface RowChange {
  db: Kysely<Database>;
  userId: string;
  batchId: string;
  position: number;
  now?: Date;
}

/** Everything a review and a send left on the row: a changed row is previewed and reviewed again. */
const REVIEW_CLEARED = {
  receipt_hash: null,
  reviewed_receipt_hash: null,
  sealed_receipt: null,
  receipt_expires_at: null,
  review: null,
  reviewed_at: null,
  pdf_sha256: null,
  send_key: null,
  error_code: null,
  error_message: null,
} as const;

function notChangeable(row: Pick<RowRecord, 'line' | 'state'>, what: string) {
  const why =
    row.state === 'sending'
      ? 'is being sent: the API has it, so it ends sent or failed'
      : row.state === 'sent'
        ? 'is sent already: the API cannot recall or correct a sent package'
        : row.state === 'skipped'
          ? 'is skipped: take it back into the batch first'
          : 'was cancelled with the rest of the batch';
  return new ConsoleError(409, 'ROW_NOT_CHANGEABLE', `Row ${row.line} cannot be ${what}: it ${why}.`);
}

async function openRow(o: RowChange) {
  const { batch, row } = await rowOf(o.db, o.userId, o.batchId, o.position);
  if (batch.state === 'cancelled')
    throw new ConsoleError(409, 'BATCH_CANCELLED', 'This batch was cancelled: nothing more is reviewed or sent.');
  return { batch, row };
}

/**
 * The row's values replaced by the sender's fix, checked by the single send's rules against the
 * template as the API answers it now; the row goes back to review (its earlier preview and
 * review stood for other values). A blank expiry keeps the row's own.
 */
export async function fixRow(o: RowChange & { input: FixRowInput; template?: SignTemplate }) {
  const { batch, row } = await openRow(o);
  if (!(CHANGEABLE_ROW_STATES as readonly string[]).includes(row.state)) throw notChangeable(row, 'fixed');
  const template = o.template ?? (await getCatalogItem('document-sign-templates', batch.template_id, { fresh: true }));
  const current = rowInput(row);
  const expiry = String(current.expires_in_days);
  const problems = rowProblems(template, o.input.values, expiry);
  if (problems.length > 0)
    throw new ConsoleError(
      422,
      'VALIDATION_FAILED',
      `Row ${row.line} is not fixed yet: ${problems.map((p) => `${p.column}: ${p.message}`).join('; ')}`,
      problems.map((p) => ({ path: `values.${p.path}`, message: `${p.column}: ${p.message}` })),
    );
  const input = JSON.stringify(previewInputSchema.parse(rowPreviewInput(template, o.input.values, expiry)));
  const moved = await moveRow(o.db, row, CHANGEABLE_ROW_STATES, { state: 'to_review', input, ...REVIEW_CLEARED }, o.now);
  if (!moved) throw notChangeable(await fresh(o), 'fixed');
  await touchBatch(o.db, o.batchId, o.now);
  return readBatch(o.db, o.userId, o.batchId);
}

/**
 * Leaves the row out (never sent; a confirmed one is taken back from the server's queue, whose
 * send then finds nothing to do), or takes a skipped row back in, to be reviewed again.
 */
export async function skipRow(o: RowChange & { skipped: boolean }) {
  const { row } = await openRow(o);
  if (o.skipped) {
    if (row.state === 'skipped') return readBatch(o.db, o.userId, o.batchId);
    if (!(CHANGEABLE_ROW_STATES as readonly string[]).includes(row.state)) throw notChangeable(row, 'skipped');
    const moved = await moveRow(o.db, row, CHANGEABLE_ROW_STATES, { state: 'skipped', ...REVIEW_CLEARED }, o.now);
    if (!moved) throw notChangeable(await fresh(o), 'skipped');
  } else {
    if (row.state === 'to_review') return readBatch(o.db, o.userId, o.batchId);
    if (row.state !== 'skipped')
      throw new ConsoleError(409, 'ROW_NOT_SKIPPED', `Row ${row.line} is not skipped: there is nothing to take back.`);
    await moveRow(o.db, row, ['skipped'], { state: 'to_review', ...REVIEW_CLEARED }, o.now);
  }
  await touchBatch(o.db, o.batchId, o.now);
  return readBatch(o.db, o.userId, o.batchId);
}

const fresh = async (o: RowChange) => (await rowOf(o.db, o.userId, o.batchId, o.position)).row;
