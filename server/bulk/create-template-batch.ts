import 'server-only';
import type { CreateBatchInput } from '@/lib/bulk/schemas';
import { db } from '../db';
import { env } from '../env';
import { getCatalogItem } from '../signing-api/catalog';
import { createBatch } from './create-batch';

export interface CreateTemplateBatchOptions {
  userId: string;
  input: CreateBatchInput;
  /** the browser's key for this create: the same key makes the same batch once */
  createKey: string;
  /** the team it is made for (server/teams/team-for-record.ts) */
  teamId?: string | null;
}

/**
 * A batch of the template's rows, checked against the template as the API answers it now (its
 * fields and slots decide the rows' rules), within this console's BULK_BATCHES_PER_USER and
 * BULK_BATCH_EXPIRY_DAYS. Nothing goes to the API but that read.
 */
export async function createTemplateBatch({ userId, input, createKey, teamId }: CreateTemplateBatchOptions) {
  const template = await getCatalogItem('document-sign-templates', input.template_id, { fresh: true });
  const { BULK_BATCHES_PER_USER, BULK_BATCH_EXPIRY_DAYS } = env();
  return createBatch({
    db: await db(),
    userId,
    input,
    template,
    createKey,
    teamId,
    limits: { batchesPerUser: BULK_BATCHES_PER_USER, expiryDays: BULK_BATCH_EXPIRY_DAYS },
  });
}
