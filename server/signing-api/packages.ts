import 'server-only';
import { z } from 'zod';
import { pageOf } from '@/lib/list/schemas';
import { packageSchema, previewSchema } from '@/lib/packages/schemas';
import { callJson, probe, send } from './client/client';

/** A preview's receipt: the template and the token the preview answered. */
export type ReceiptRef = { template_id: string; preview_token: string };

export async function previewPackage(input: unknown) {
  return (await callJson({ method: 'POST', path: '/signature-packages/preview', json: input }, previewSchema)).data;
}

const receiptDocument = (input: ReceiptRef) => ({
  method: 'POST' as const,
  path: '/signature-packages/preview/document',
  json: { template_id: input.template_id, preview_token: input.preview_token },
});

/** The populated PDF of a preview, streamed (pdf_url is only the source PDF). */
export async function previewDocument(input: ReceiptRef) {
  return send(receiptDocument(input));
}

/** Asks for the populated PDF only to learn whether the receipt still stands: resolves, or throws its refusal. */
export async function probePreviewDocument(input: ReceiptRef) {
  await probe(receiptDocument(input));
}

/** POST /signature-packages: one attempt of a Send under its key. */
/** The package and the answer's request id, which the console's send record keeps. */
export async function postSignaturePackage(input: ReceiptRef & { confirmed: true }, idempotencyKey: string) {
  const { data, requestId } = await callJson(
    { method: 'POST', path: '/signature-packages', json: input, idempotencyKey },
    packageSchema,
  );
  return { pkg: data, requestId };
}

export async function listPackages(query: Record<string, string | number | undefined>) {
  return (await callJson({ method: 'GET', path: '/signature-packages', query }, pageOf(packageSchema))).data;
}

export async function getPackage(id: string) {
  return (await callJson({ method: 'GET', path: `/signature-packages/${encodeURIComponent(id)}` }, packageSchema)).data;
}

export async function archivePackage(id: string, reason: string, idempotencyKey: string) {
  return (
    await callJson(
      { method: 'POST', path: `/signature-packages/${encodeURIComponent(id)}/archive`, json: { reason }, idempotencyKey },
      packageSchema.or(z.looseObject({ id: z.string() })),
    )
  ).data;
}
