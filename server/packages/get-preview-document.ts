import 'server-only';
import { countingPages, needsPageCount } from '../send-records/count-preview-pages';
import { SigningApiError } from '../signing-api/client/errors';
import { previewDocument, type ReceiptRef } from '../signing-api/packages';
import { receiptRefusal } from './receipt-refusal';

export interface GetPreviewDocumentOptions {
  receipt: ReceiptRef;
}

/**
 * The populated PDF the sender reviews, streamed; a refused receipt in the console's words.
 * Where the preview's answer gave no page count, the pages are counted on the way through.
 */
export async function getPreviewDocument({ receipt }: GetPreviewDocumentOptions): Promise<Response> {
  let upstream: Response;
  try {
    upstream = await previewDocument(receipt);
  } catch (err) {
    throw (err instanceof SigningApiError && receiptRefusal(err)) || err;
  }
  if (!upstream.body || !(await needsPageCount(receipt.preview_token))) return upstream;
  return new Response(upstream.body.pipeThrough(countingPages(receipt.preview_token)), {
    status: upstream.status,
    headers: upstream.headers,
  });
}
