import 'server-only';
import { z } from 'zod';
import { pageOf } from '@/lib/schemas/list';
import { packageSchema, previewSchema } from '@/lib/schemas/packages';
import { callJson, send } from './client';

export async function previewPackage(input: unknown) {
  return (await callJson({ method: 'POST', path: '/signature-packages/preview', json: input }, previewSchema)).data;
}

/** The populated PDF of a preview, streamed (pdf_url is only the source PDF). */
export async function previewDocument(input: { template_id: string; preview_token: string }) {
  return send({ method: 'POST', path: '/signature-packages/preview/document', json: input });
}

export async function sendPackage(input: { template_id: string; preview_token: string; confirmed: true }, idempotencyKey: string) {
  return (await callJson({ method: 'POST', path: '/signature-packages', json: input, idempotencyKey }, packageSchema)).data;
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
