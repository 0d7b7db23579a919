import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { rowPreviewInput, rowProblems } from '@/lib/bulk/rows';
import type { CreateBatchInput } from '@/lib/bulk/schemas';
import { previewInputSchema } from '@/lib/packages/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { fingerprintOf } from '../intents/journal';
import { batchOf, countsOf, toBatch } from './batch-store';

export interface CreateBatchOptions {
  db: Kysely<Database>;
  userId: string;
  input: CreateBatchInput;
  /** the template as the API answers it now: its fields and slots decide the rows' rules */
  template: SignTemplate;
  /** the browser's key for this create: the same key makes the same batch once */
  createKey: string;
  now?: Date;
}

/**
 * Makes a batch of the rows, every one checked by the single send's rules first: one bad row
 * and nothing is made, every problem named by row and column. Nothing is sent to the API here.
 */
export async function createBatch({ db, userId, input, template, createKey, now = new Date() }: CreateBatchOptions) {
  const fingerprint = fingerprintOf(null, input);
  const made = await db
    .selectFrom('bulk_batches')
    .select(['id', 'create_fingerprint'])
    .where('user_id', '=', userId)
    .where('create_key', '=', createKey)
    .executeTakeFirst();
  if (made) return again(db, userId, made, fingerprint);

  const details = input.rows.flatMap((row, i) =>
    rowProblems(template, row.values, input.expires_in_days).map((p) => ({
      path: `rows.${i}.${p.path}`,
      message: `Row ${row.line}, ${p.column}: ${p.message}`,
    })),
  );
  const lines = new Set<number>();
  input.rows.forEach((row, i) => {
    if (lines.has(row.line)) details.push({ path: `rows.${i}.line`, message: `Row ${row.line} is given twice` });
    lines.add(row.line);
  });
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
  };
  const rows = input.rows.map((row, position) => ({
    batch_id: id,
    position,
    line: row.line,
    // The preview body as the route will send it: phones in E.164, numbers as numbers.
    input: JSON.stringify(previewInputSchema.parse(rowPreviewInput(template, row.values, input.expires_in_days))),
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
  }));
  try {
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('bulk_batches').values(batch).execute();
      // In slices: SQLite caps the variables of one statement.
      for (let i = 0; i < rows.length; i += 50)
        await tx
          .insertInto('bulk_rows')
          .values(rows.slice(i, i + 50))
          .execute();
    });
  } catch (err) {
    // The same create from another tab meanwhile: answer with the batch it made.
    const raced = await db
      .selectFrom('bulk_batches')
      .select(['id', 'create_fingerprint'])
      .where('user_id', '=', userId)
      .where('create_key', '=', createKey)
      .executeTakeFirst();
    if (raced) return again(db, userId, raced, fingerprint);
    throw err;
  }
  return toBatch(batch, (await countsOf(db, [id])).get(id)!);
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
