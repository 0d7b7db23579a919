import 'server-only';
import { z } from 'zod';
import { KEY_STILL_RUNNING, unsettledAnswer } from '@/lib/confirm-loop';
import { RECEIPT_NOT_FOUND, RECEIPT_UNUSABLE } from '@/lib/receipt-codes';
import { pageOf } from '@/lib/schemas/list';
import { packageSchema, previewSchema } from '@/lib/schemas/packages';
import { callJson, probe, send } from './client';
import { SigningApiError } from './errors';

type ReceiptRef = { template_id: string; preview_token: string };

// The spec's 409 covers a spent receipt and a key still running alike, and it names no code
// for either (section 7): what became of the receipt is read from the API, never from a code.

export async function previewPackage(input: unknown) {
  return (await callJson({ method: 'POST', path: '/signature-packages/preview', json: input }, previewSchema)).data;
}

const receiptDocument = (input: ReceiptRef) => ({
  method: 'POST' as const,
  path: '/signature-packages/preview/document',
  json: { template_id: input.template_id, preview_token: input.preview_token },
});

/** A refusal of the receipt itself in the console's words: unknown (404), or spent or expired (409, 410). */
export function receiptRefusal(err: SigningApiError): SigningApiError | null {
  const again = (status: number, code: string, message: string) =>
    new SigningApiError(status, code, message, [], err.retryAfterMs, err.requestId);
  if (err.status === 404) return again(404, RECEIPT_NOT_FOUND, 'The preview receipt was not found. Create a new preview.');
  if (err.status === 409 || err.status === 410)
    return again(409, RECEIPT_UNUSABLE, 'This preview can no longer be sent: it was sent already, or its 10 minutes are over. Create a new preview.');
  return null;
}

/** The populated PDF of a preview, streamed (pdf_url is only the source PDF). */
export async function previewDocument(input: ReceiptRef) {
  try {
    return await send(receiptDocument(input));
  } catch (err) {
    throw (err instanceof SigningApiError && receiptRefusal(err)) || err;
  }
}

/**
 * Reads the receipt again after a refused Send. Still good: the refusal was this same Send's
 * key still running, so its outcome is not known yet. Spent: it may have been spent by this
 * very Send in the meantime, so the same request goes once more under the same key, whose
 * answer replays the Send that spent it if it was ours. No clear answer: the outcome stays
 * unknown (the browser confirms under the same key).
 */
async function explainSendRefusal(input: ReceiptRef & { confirmed: true }, key: string, err: SigningApiError) {
  try {
    await probe(receiptDocument(input));
  } catch (read) {
    if (!(read instanceof SigningApiError)) throw read;
    if (unsettledAnswer(read.status)) throw read;
    const gone = receiptRefusal(read);
    if (!gone) throw err;
    if (err.status !== 409) throw gone;
    try {
      return await sendOnce(input, key);
    } catch (again) {
      throw again instanceof SigningApiError && again.status === 409 ? gone : again;
    }
  }
  if (err.status !== 409) throw err;
  throw new SigningApiError(
    409,
    KEY_STILL_RUNNING,
    'The Signing API is still processing this Send. The console is confirming it; nothing else will be sent.',
    [],
    err.retryAfterMs,
    err.requestId,
  );
}

const sendOnce = async (input: ReceiptRef & { confirmed: true }, idempotencyKey: string) =>
  (await callJson({ method: 'POST', path: '/signature-packages', json: input, idempotencyKey }, packageSchema)).data;

export async function sendPackage(input: ReceiptRef & { confirmed: true }, idempotencyKey: string) {
  try {
    return await sendOnce(input, idempotencyKey);
  } catch (err) {
    if (err instanceof SigningApiError && [404, 409, 410].includes(err.status)) return explainSendRefusal(input, idempotencyKey, err);
    throw err;
  }
}

export async function listPackages(query: Record<string, string | number | undefined>) {
  return (await callJson({ method: 'GET', path: '/signature-packages', query }, pageOf(packageSchema))).data;
}

export async function getPackage(id: string) {
  return (await callJson({ method: 'GET', path: `/signature-packages/${encodeURIComponent(id)}` }, packageSchema)).data;
}

export async function archivePackage(id: string, reason: string, idempotencyKey: string) {
  return (await callJson({ method: 'POST', path: `/signature-packages/${encodeURIComponent(id)}/archive`, json: { reason }, idempotencyKey }, packageSchema.or(z.looseObject({ id: z.string() })))).data;
}
