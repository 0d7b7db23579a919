import 'server-only';
import { randomUUID } from 'node:crypto';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { rowPreviewInput, rowProblems } from '@/lib/bulk/rows';
import type { CreateBatchInput } from '@/lib/bulk/schemas';
import { previewInputSchema } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { fingerprintOf } from '../intents/journal';
import { batchOf, countsOf, toBatch } from './batch-store';
import { pruneExpiredBatches } from './delete-batch';

export interface CreateBatchOptions {
  db: Kysely<Database>;
  userId: string;
  input: CreateBatchInput;
  /** the template as the API answers it now: its fields and slots decide the rows' rules */
  template: SignTemplate;
  /** the browser's key for this create: the same key makes the same batch once */
  createKey: string;
  /**
   * what one user may keep (BULK_BATCHES_PER_USER) and when a settled batch expires
   * (BULK_BATCH_EXPIRY_DAYS); the route passes the settings. None: no cap (the database suites).
   */
  limits?: { batchesPerUser: number; expiryDays: number };
  /** the team the batch and its packages belong to (null: none) */
  teamId?: string | null;
  now?: Date;
}

// Rows are checked and stored a slice at a time, the event loop served between slices, so a
// 500-row batch (or eight at once) never holds other users' requests for long: a request waits
// for each create's slice in turn, so a slice is a few milliseconds of work at the most.
const SLICE_MS = 4;
// SQLite caps the variables of one statement; each slice is a statement of its own.
const INSERT_SLICE = 50;
const served = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Makes a batch of the rows, every one checked by the single send's rules first: one bad row
 * and nothing is made, every problem named by row and column. Nothing is sent to the API here.
 */
export async function createBatch({
  db,
  userId,
  input,
  template,
  createKey,
  limits,
  teamId = null,
  now = new Date(),
}: CreateBatchOptions) {
  const fingerprint = fingerprintOf(null, input);
  const madeBefore = () =>
    db
      .selectFrom('bulk_batches')
      .select(['id', 'create_fingerprint'])
      .where('user_id', '=', userId)
      .where('create_key', '=', createKey)
      .executeTakeFirst();
  const made = await madeBefore();
  if (made) return again(db, userId, made, fingerprint);
  if (limits) await withinLimit(db, userId, limits, now);

  const details: { path: string; message: string }[] = [];
  const twice: { path: string; message: string }[] = [];
  const inputs: string[] = [];
  const lines = new Set<number>();
  let sliceStart = performance.now();
  for (const [i, row] of input.rows.entries()) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await served();
      sliceStart = performance.now();
    }
    const problems = rowProblems(template, row.values, input.expires_in_days);
    for (const p of problems)
      details.push({ path: `rows.${i}.${p.path}`, message: `Row ${row.line}, ${p.column}: ${p.message}` });
    if (lines.has(row.line)) twice.push({ path: `rows.${i}.line`, message: `Row ${row.line} is given twice` });
    lines.add(row.line);
    // The preview body as the route will send it: phones in E.164, numbers as numbers.
    if (details.length === 0 && twice.length === 0)
      inputs.push(JSON.stringify(previewInputSchema.parse(rowPreviewInput(template, row.values, input.expires_in_days))));
  }
  details.push(...twice);
  if (details.length > 0) {
    const shown = details.slice(0, 5).map((d) => d.message);
    throw new ConsoleError(
      422,
      'VALIDATION_FAILED',
      `${details.length} problem${details.length === 1 ? '' : 's'} in the rows, nothing was saved: ${shown.join('; ')}${details.length > shown.length ? '; …' : ''}`,
      details,
    );
  }

  const id = `blk_${randomUUID().replaceAll('-', '')}`;
  const at = now.toISOString();
  const batch = {
    id,
    user_id: userId,
    template_id: template.id,
    template_name: template.name,
    name: input.name,
    state: 'open' as const,
    row_count: input.rows.length,
    create_key: createKey,
    create_fingerprint: fingerprint,
    created_at: at,
    updated_at: at,
    change_seq: 0,
    team_id: teamId,
  };
  const rows = input.rows.map((row, position) => ({
    batch_id: id,
    position,
    line: row.line,
    input: inputs[position]!,
    state: 'to_review' as const,
    receipt_hash: null,
    reviewed_receipt_hash: null,
    pdf_sha256: null,
    review: null,
    reviewed_at: null,
    send_key: null,
    package_id: null,
    error_code: null,
    error_message: null,
    sent_at: null,
    updated_at: at,
    change_seq: 0,
  }));
  try {
    // The rows first, a slice per statement with other requests served between (no transaction
    // holds the database meanwhile); the batch last, so nothing reads it before its rows are in.
    for (let i = 0; i < rows.length; i += INSERT_SLICE) {
      if (i > 0) await served();
      await db
        .insertInto('bulk_rows')
        .values(rows.slice(i, i + INSERT_SLICE))
        .execute();
    }
    await db.transaction().execute(async (tx) => {
      // Checked again where the batch is made: creates racing past the first check take turns here.
      if (limits) await belowLimit(tx, userId, limits.batchesPerUser, true);
      await tx.insertInto('bulk_batches').values(batch).execute();
    });
  } catch (err) {
    // Rows of a batch that was never made are no one's: gone again.
    await db.deleteFrom('bulk_rows').where('batch_id', '=', id).execute();
    // The same create from another tab meanwhile: answer with the batch it made.
    const raced = await madeBefore();
    if (raced) return again(db, userId, raced, fingerprint);
    throw err;
  }
  return toBatch(batch, (await countsOf(db, [id])).get(id)!);
}

/** Refuses one batch more than the user may keep, once settled batches past their days are gone. */
async function withinLimit(db: Kysely<Database>, userId: string, limits: NonNullable<CreateBatchOptions['limits']>, now: Date) {
  await pruneExpiredBatches(db, userId, limits.expiryDays, now);
  await belowLimit(db, userId, limits.batchesPerUser, false);
}

/**
 * Refuses when the user keeps `limit` batches already. In a transaction (`hold`), PostgreSQL
 * locks the user's row first, so two instances' creates count one after the other; SQLite runs
 * one transaction at a time anyway.
 */
async function belowLimit(db: Kysely<Database>, userId: string, limit: number, hold: boolean) {
  if (hold && db.getExecutor().adapter instanceof PostgresAdapter)
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const { n } = await db
    .selectFrom('bulk_batches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= limit)
    throw new ConsoleError(
      409,
      'BATCH_LIMIT_REACHED',
      `You keep ${Number(n)} bulk batches: the most one user may keep is ${limit}. Delete a settled batch (cancel the rest of one first if none is settled), then make this one again.`,
    );
}

async function again(
  db: Kysely<Database>,
  userId: string,
  made: { id: string; create_fingerprint: string },
  fingerprint: string,
) {
  if (made.create_fingerprint !== fingerprint)
    throw new ConsoleError(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key already made another batch. Start the new batch afresh.',
    );
  const batch = await batchOf(db, userId, made.id);
  return toBatch(batch, (await countsOf(db, [made.id])).get(made.id)!);
}
