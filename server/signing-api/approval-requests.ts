import 'server-only';
import { approvalRequestSchema, revisionRequirementsSchema, type RevisionInput, type SubmitRequestInput } from '@/lib/schemas/approvals';
import { pageOf } from '@/lib/schemas/list';
import { callJson } from './client';

const path = (id: string, rest = '') => `/approval-requests/${encodeURIComponent(id)}${rest}`;

export async function submitRequest(input: SubmitRequestInput, idempotencyKey: string) {
  return (await callJson({ method: 'POST', path: '/approval-requests', json: input, idempotencyKey }, approvalRequestSchema)).data;
}

export async function listRequests(query: Record<string, string | number | undefined>) {
  return (await callJson({ method: 'GET', path: '/approval-requests', query }, pageOf(approvalRequestSchema))).data;
}

export async function getRequest(id: string) {
  return (await callJson({ method: 'GET', path: path(id) }, approvalRequestSchema)).data;
}

export async function revisionRequirements(id: string) {
  return (await callJson({ method: 'GET', path: path(id, '/revision-requirements') }, revisionRequirementsSchema)).data;
}

export async function saveRevisionDraft(id: string, input: RevisionInput, idempotencyKey: string) {
  return (await callJson({ method: 'PATCH', path: path(id, '/revision-draft'), json: input, idempotencyKey }, revisionRequirementsSchema)).data;
}

export async function resubmitRequest(id: string, input: RevisionInput, idempotencyKey: string) {
  return (await callJson({ method: 'POST', path: path(id, '/resubmit'), json: input, idempotencyKey }, approvalRequestSchema)).data;
}
