import { randomBytes } from 'node:crypto';
import type { SubmissionSchemaRecord, WorkflowRecord } from '../domain/catalog.ts';
import { newDocumentRecord, type DocumentRecord } from '../domain/documents.ts';
import type { RequesterRole, Scope } from '../keys.ts';
import { newIdemKey, type TestSandbox } from './harness.ts';

// Shared inputs for the approval-request suites. Documents are inserted straight into the
// store because uploading is another module's route; catalog changes (new releases,
// archiving) are likewise made on the records, as an administrator would in the platform UI.

export interface TestApp {
  appId: string;
  key: string;
}

export async function newApp(sb: TestSandbox, opts: { role?: RequesterRole; scopes?: Scope[] } = {}): Promise<TestApp> {
  const appId = `app_ar_${randomBytes(4).toString('hex')}`;
  return { appId, key: await sb.newKey({ appId, role: opts.role, scopes: opts.scopes }) };
}

export function insertDocument(sb: TestSandbox, appId: string, name = 'evidence.pdf'): string {
  const id = `doc_${randomBytes(8).toString('hex')}`;
  const file = { id, name, logical_purpose: 'ATTACHMENT' as const, size_bytes: 2048, page_count: 1, sha256: '0'.repeat(64) };
  sb.sandbox.services.records.insert<DocumentRecord>('document', newDocumentRecord(file, new Date().toISOString()), appId);
  return id;
}

export const getDocument = (sb: TestSandbox, id: string) => sb.sandbox.services.records.get<DocumentRecord>('document', id)!;
export const getWorkflow = (sb: TestSandbox, id: string) =>
  sb.sandbox.services.records.get<WorkflowRecord>('approval_workflow', id)!;

/** Copies a seeded workflow (and its release schemas) under a new id, optionally owned by one app. */
export function cloneWorkflow(
  sb: TestSandbox,
  from: string,
  changes: Partial<WorkflowRecord> = {},
  appId: string | null = null,
): WorkflowRecord {
  const { records } = sb.sandbox.services;
  const source = getWorkflow(sb, from);
  const id = changes.id ?? `wf_copy_${randomBytes(4).toString('hex')}`;
  const releases = source.releases.map((r) => ({ ...r, workflow_release_id: `${id}@${r.release}` }));
  const copy: WorkflowRecord = { ...source, releases, workflow_release_id: `${id}@${source.current_release}`, ...changes, id };
  records.tx(() => {
    records.insert('approval_workflow', copy, appId);
    for (const r of source.releases) {
      const schema = records.get<SubmissionSchemaRecord>('submission_schema', r.workflow_release_id)!;
      records.insert<SubmissionSchemaRecord>('submission_schema', { ...schema, id: `${id}@${r.release}`, workflow_id: id });
    }
  });
  return copy;
}

export const uniqueExternalId = (prefix = 'EXT') => `${prefix}-${randomBytes(5).toString('hex')}`;

/** A complete, valid wf_access@2 submission: one layer (System owner, 8 h SLA), no documents. */
export const accessBody = (over: Record<string, unknown> = {}) => ({
  workflow_id: 'wf_access',
  workflow_release_id: 'wf_access@2',
  external_id: uniqueExternalId('ACC'),
  form_data: { system: 'crm', access_level: 'read', justification: 'Needs CRM for the Q3 campaign', access_until: '2030-12-31' },
  submit: true,
  ...over,
});

/** A complete wf_leave@2 submission: two layers, date, enum, integer and e-mail fields. */
export const leaveBody = (over: Record<string, unknown> = {}, formOver: Record<string, unknown> = {}) => ({
  workflow_id: 'wf_leave',
  workflow_release_id: 'wf_leave@2',
  external_id: uniqueExternalId('LEAVE'),
  form_data: {
    first_day: '2030-07-01',
    last_day: '2030-07-12',
    leave_type: 'annual',
    days_requested: 10,
    handover_contact: 'cover@example.com',
    ...formOver,
  },
  submit: true,
  ...over,
});

/** A complete wf_expense@2 submission; the receipt document must belong to the caller's app. */
export const expenseBody = (receiptId: string, over: Record<string, unknown> = {}, formOver: Record<string, unknown> = {}) => ({
  workflow_id: 'wf_expense',
  workflow_release_id: 'wf_expense@2',
  external_id: uniqueExternalId('EXP'),
  form_data: {
    amount: 42.5,
    currency: 'EUR',
    description: 'Taxi to the airport',
    cost_center: 'CC-1001',
    expense_date: '2030-03-14',
    ...formOver,
  },
  documents: [{ document_id: receiptId, field_key: 'receipt', name: 'Taxi receipt' }],
  submit: true,
  ...over,
});

/** POST /approval-requests with a fresh Idempotency-Key unless one is given. */
export const submitRequest = (sb: TestSandbox, key: string, body: unknown, idempotencyKey = newIdemKey()) =>
  sb.call('POST', '/api/v1/approval-requests', { key, body, idempotencyKey });

export const reviewerAction = (sb: TestSandbox, id: string, body: Record<string, unknown>) =>
  sb.control(`/approval-requests/${id}/actions`, body);

export async function listTotal(sb: TestSandbox, key: string): Promise<number> {
  const res = await sb.call('GET', '/api/v1/approval-requests', { key });
  if (res.status !== 200) throw new Error(`list failed: ${res.status}`);
  return res.body.pagination.total as number;
}

/** A leave request the reviewer sent back for changes, as read back: what an archive must let go on. */
export async function leaveRequestInRevision(sb: TestSandbox, key: string): Promise<{ id: string; version: number }> {
  const created = await submitRequest(sb, key, leaveBody());
  if (created.status !== 200) throw new Error(`submit failed: ${created.status}`);
  const asked = await reviewerAction(sb, created.body.id, {
    action: 'request_revision',
    requirements: [{ field_key: 'last_day', message: 'Shorter, please' }],
  });
  if (asked.status !== 200) throw new Error(`revision request failed: ${asked.status}`);
  const read = await sb.call('GET', `/api/v1/approval-requests/${created.body.id}`, { key });
  return { id: read.body.id as string, version: read.body.version as number };
}
