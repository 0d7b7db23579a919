import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { z } from 'zod';
import { auditLogEntrySchema, type AuditLogEntry } from '@/lib/admin/schemas';
import { readConfig } from '@/sandbox/config';
import { mapIdsInString } from '@/sandbox/http/dialect-ids';
import { layoutField, makePdf, multipart, sha256 } from '@/sandbox/conformance/fixtures';
import { codeForStatus } from '@/server/signing-api/client/error-body';
import { ndaBody } from '@/sandbox/conformance/package-fixtures';
import type { ConsoleReply, TestConsole } from './harness';

// Inputs and small helpers shared by the console route suites: everything goes through the
// console's /api routes, the sandbox is only read to prove what did or did not arrive.

export { layoutField, makePdf, ndaBody, sha256 };

export const idem = (prefix = 'ct') => `${prefix}-${randomBytes(8).toString('hex')}`;

/** Requests the sandbox answered for the console's app key. */
export const arrivals = (c: TestConsole) => c.sandbox.sandbox.services.requestsByApp.get(c.appId) ?? 0;

/** Documents the console's app owns on the sandbox. */
export const sandboxDocuments = (c: TestConsole) => c.sandbox.sandbox.services.records.all('document').length;

/**
 * Codes our standard sandbox (or a test's injected fault) chooses where the spec names none,
 * which the console passes on.
 * Against the alternate dialect (SANDBOX_DIALECT=alternate) the API gives no such code, and the
 * console's code is the one the status means: the browser must decide on that alone.
 */
const SANDBOX_CHOSEN = new Set([
  'DOCUMENT_PROTECTED',
  'COUNTED_FAULT',
  'ENDLESS_FAULT',
  'INJECTED_FAULT',
  'INVALID_LAYOUT',
  'LAYOUT_COMPLETED',
  'NOT_IN_REVISION',
  'PACKAGE_ALREADY_ARCHIVED',
  'SCHEMA_MISMATCH',
  'TEMPLATE_NOT_FOUND',
  'UNSUPPORTED_RUNTIME',
  'VERSION_CONFLICT',
]);
/** The dialect the suite's sandbox speaks (SANDBOX_DIALECT). */
export const DIALECT = readConfig().SANDBOX_DIALECT;

/** A seeded identifier as the suite's API names it (the alternate dialect gives ids another shape). */
export const apiId = (id: string) => (DIALECT === 'alternate' ? mapIdsInString(id, 'out') : id);

/** The code the console answers for an upstream refusal our standard sandbox calls `code`. */
export const upstreamCode = (status: number, code: string) =>
  DIALECT === 'alternate' && SANDBOX_CHOSEN.has(code) ? codeForStatus(status) : code;

/** The console's error shape, without upstream internals; answers the error object. */
export function expectConsoleError(reply: ConsoleReply, status: number, code: string) {
  const text = reply.bytes.toString('utf8');
  expect(`${reply.status} ${reply.body?.error?.code}`, text.slice(0, 400)).toBe(`${status} ${upstreamCode(status, code)}`);
  const error = reply.body.error as {
    code: string;
    message: string;
    details?: { path: string; message: string }[];
    request_id: string;
  };
  expect(error.message.length).toBeGreaterThan(5);
  expect(error.request_id).toMatch(/^con_/);
  expect(reply.headers.get('cache-control')).toBe('no-store');
  return error;
}

export const detailPaths = (reply: ConsoleReply) =>
  ((reply.body?.error?.details ?? []) as { path: string }[]).map((d) => d.path).sort();

/** One PDF through the console's streamed upload route, as the browser sends it. */
export async function uploadViaConsole(
  c: TestConsole,
  pdf: Buffer,
  opts: { cookie?: string; purpose?: string; filename?: string; key?: string; teamId?: string } = {},
) {
  const { body, contentType } = multipart([
    ...(opts.purpose ? [{ name: 'logicalPurpose', value: opts.purpose }] : []),
    { name: 'file', filename: opts.filename ?? 'contract.pdf', content: pdf },
  ]);
  return c.call('POST', `/api/documents${opts.teamId ? `?team_id=${encodeURIComponent(opts.teamId)}` : ''}`, {
    cookie: opts.cookie ?? c.cookies.operator,
    rawBody: new Uint8Array(body),
    headers: { 'content-type': contentType },
    idempotencyKey: opts.key ?? idem('upload'),
  });
}

export async function uploadedDocument(c: TestConsole, pages = 2, purpose?: string) {
  const pdf = await makePdf(pages);
  const reply = await uploadViaConsole(c, pdf, { purpose });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return { pdf, doc: reply.body as { id: string; name: string; sha256: string; size_bytes: number; logical_purpose: string } };
}

/** A preview through the console, with the template it was made from (the answer need not say). */
export async function previewViaConsole(c: TestConsole, cookie = c.cookies.sender, body: { template_id: string } = ndaBody()) {
  const reply = await c.call('POST', '/api/packages/preview', { cookie, body });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  const answer = reply.body as { preview_token: string; prepared_pdf: Record<string, unknown> };
  return { ...answer, template_id: body.template_id };
}

export const sendViaConsole = (
  c: TestConsole,
  preview: { preview_token: string; template_id: string },
  key: string,
  cookie = c.cookies.sender,
) =>
  c.call('POST', '/api/packages', {
    cookie,
    body: { template_id: preview.template_id, preview_token: preview.preview_token, confirmed: true },
    idempotencyKey: key,
  });

/** Preview and send an NDA through the console; answers the package. */
export async function sentPackageViaConsole(c: TestConsole, cookie = c.cookies.sender) {
  const reply = await sendViaConsole(c, await previewViaConsole(c, cookie), idem('send'), cookie);
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body as { id: string; status: string; invitation_status: string };
}

/** A complete wf_access@2 request (one approval layer, no documents). */
export const accessRequest = (over: Record<string, unknown> = {}) => ({
  workflow_id: apiId('wf_access'),
  workflow_release_id: apiId('wf_access@2'),
  external_id: `ACC-${randomBytes(5).toString('hex')}`,
  form_data: { system: 'crm', access_level: 'read', justification: 'Needs CRM for the Q3 campaign', access_until: '2030-12-31' },
  submit: true,
  ...over,
});

export async function submittedRequest(c: TestConsole, body: Record<string, unknown> = accessRequest()) {
  const reply = await c.call('POST', '/api/approval-requests', {
    cookie: c.cookies.operator,
    body,
    idempotencyKey: idem('submit'),
  });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body as { id: string; status: string; version: number; external_id: string };
}

const auditRows = z.array(auditLogEntrySchema);

/** The entries of an audit page, parsed: a column the route drops, adds or retypes fails here. */
export const auditEntries = (reply: ConsoleReply): AuditLogEntry[] => auditRows.parse(reply.body.data);

/** The newest audit entries of one operation, read as an admin through the console. */
export async function auditOf(c: TestConsole, operation: string): Promise<AuditLogEntry[]> {
  const reply = await c.call('GET', `/api/admin/audit?operation=${encodeURIComponent(operation)}&size=100`, {
    cookie: c.cookies.admin,
  });
  expect(reply.status).toBe(200);
  return auditEntries(reply);
}

/** Injects faults on the sandbox directly (the console's own panel is tested on its own). */
export async function setFaults(c: TestConsole, rules: Record<string, unknown>[]) {
  const reply = await c.sandbox.control('/faults', { rules });
  expect(reply.status).toBe(200);
}

/** Previews a bulk row and confirms it with every page and section seen: the row is then the server's to send. */
export async function confirmBulkRow(c: TestConsole, cookie: string, id: string, position: number) {
  const preview = await c.call('POST', `/api/bulk-batches/${id}/rows/${position}/preview`, { cookie, body: {} });
  expect(preview.status).toBe(200);
  const pages = (preview.body.prepared_pdf?.page_count as number | undefined) ?? 2;
  const at = new Date().toISOString();
  const reviewed = await c.call('POST', `/api/bulk-batches/${id}/rows/${position}/review`, {
    cookie,
    body: {
      preview_token: preview.body.preview_token,
      review: {
        pages: Array.from({ length: pages }, (_, i) => ({ page: i + 1, seen_at: at })),
        sections: ['document', 'values', 'recipients', 'expiry'].map((s) => ({ id: s, seen_at: at })),
        page_count: pages,
        confirmed_at: at,
      },
    },
  });
  expect(reviewed.status, reviewed.bytes.toString('utf8').slice(0, 300)).toBe(200);
}

/** The id of the account signed in with `cookie`. */
export async function userIdOf(c: TestConsole, cookie: string): Promise<string> {
  return (await c.call('GET', '/api/auth/me', { cookie })).body.user.id as string;
}

/** A team made by the admin through Admin → Teams' routes, with these members; its id. */
export async function makeTeam(c: TestConsole, name: string, members: readonly string[] = []): Promise<string> {
  const made = await c.call('POST', '/api/admin/teams', { cookie: c.cookies.admin, body: { name } });
  expect(made.status, made.bytes.toString('utf8').slice(0, 300)).toBe(200);
  for (const user_id of members) {
    const added = await c.call('POST', `/api/admin/teams/${made.body.id}/members`, {
      cookie: c.cookies.admin,
      body: { user_id },
    });
    expect(added.status, added.bytes.toString('utf8').slice(0, 300)).toBe(200);
  }
  return made.body.id as string;
}
