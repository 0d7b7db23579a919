import 'server-only';
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { MAX_UPLOAD_BYTES } from '@/lib/documents/schemas';
import { db } from '../db';
import { logger } from '../logger';
import { receiptHash } from './send-record';

// The spec does not promise a populated PDF's page count in the preview's answer, and the review
// gate and the sending record need one the browser did not write. So where the API left it out,
// the console counts the pages of the PDF it passes on to the sender's browser itself: the same
// bytes, read once more on their way, at no extra call of the key's budget.

/** Larger than any PDF the API takes in (the populated one adds little to its source). */
const MAX_COUNTED_BYTES = 2 * MAX_UPLOAD_BYTES;

/** Whether the preview of this receipt is one the console recorded without a page count. */
export async function needsPageCount(previewToken: string): Promise<boolean> {
  const row = await (
    await db()
  )
    .selectFrom('send_records')
    .select('page_count')
    .where('receipt_hash', '=', receiptHash(previewToken))
    .executeTakeFirst();
  return row !== undefined && row.page_count === null;
}

/**
 * Passes the PDF on unchanged, keeping a copy, and records its pages before the stream ends: the
 * browser has the whole document only once the count is in, so a Send that follows finds it.
 */
export function countingPages(previewToken: string): TransformStream<Uint8Array, Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size <= MAX_COUNTED_BYTES) chunks.push(chunk);
      controller.enqueue(chunk);
    },
    async flush() {
      if (size > MAX_COUNTED_BYTES) return;
      await recordPages(previewToken, Buffer.concat(chunks, size)).catch((err: unknown) =>
        logger().warn({ err }, 'page count of a populated PDF not recorded'),
      );
    },
  });
}

async function recordPages(previewToken: string, bytes: Buffer) {
  let pages: number;
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    pages = pdf.getPageCount();
  } catch (err) {
    logger().warn({ err: (err as Error).message }, 'could not count the pages of a populated PDF');
    return;
  }
  await (
    await db()
  )
    .updateTable('send_records')
    .set((eb) => ({
      page_count: pages,
      pdf_sha256: eb.fn.coalesce('pdf_sha256', eb.val(createHash('sha256').update(bytes).digest('hex'))),
    }))
    .where('receipt_hash', '=', receiptHash(previewToken))
    .where('page_count', 'is', null)
    .execute();
}
