import 'server-only';
import { SigningApiError } from '../signing-api/client/errors';
import { previewDocument, type ReceiptRef } from '../signing-api/packages';
import { receiptRefusal } from './receipt-refusal';

export interface GetPreviewDocumentOptions {
  receipt: ReceiptRef;
}

/** The populated PDF the sender reviews, streamed; a refused receipt in the console's words. */
export async function getPreviewDocument({ receipt }: GetPreviewDocumentOptions): Promise<Response> {
  try {
    return await previewDocument(receipt);
  } catch (err) {
    throw (err instanceof SigningApiError && receiptRefusal(err)) || err;
  }
}
