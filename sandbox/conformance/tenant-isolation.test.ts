import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestFormRecord, RequestTemplateRecord, SignTemplateRecord } from '../domain/catalog.ts';
import { hashSecret } from '../keys.ts';
import {
  accessBody,
  cloneWorkflow,
  expenseBody,
  newApp,
  reviewerAction,
  submitRequest,
  type TestApp,
} from './approval-fixtures.ts';
import { makePdf, uploadPdf } from './fixtures.ts';
import { expectError, newIdemKey, startTestSandbox, type Reply, type TestSandbox } from './harness.ts';
import { makePreview, ndaBody, packageAction, previewDocument, sendPreview, type Preview } from './package-fixtures.ts';

// Spec section 1 and DESIGN.md section 5: a request only sees data owned by its app, and
// another app's item answers 404 before any other check. App A creates one of everything;
// app B, holding every scope, tries to read, list and change each of them.

let sb: TestSandbox;
let a: TestApp;
let b: TestApp;

/** A's items, by kind. */
const own = {
  category: '',
  categoryName: `Tenant Alpha ${randomBytes(3).toString('hex')}`,
  archivedCategory: '',
  workflow: '',
  requestForm: '',
  requestTemplate: '',
  signTemplate: '',
  document: '',
  openPackage: '',
  closedPackage: '',
  request: '',
  requestExternalId: '',
  /** a receipt A has not sent yet */
  preview: null as Preview | null,
  /** the Idempotency-Key A used to create its category */
  categoryIdem: newIdemKey(),
};

/** Every exchange B had, so the suite can check that no answer names an item of A's that B did not send. */
const exchangesOfB: { request: string; reply: Reply }[] = [];
const asB = async (method: string, path: string, body?: unknown, idempotencyKey: string | undefined = newIdemKey()) => {
  const reply = await sb.call(method, `/api/v1${path}`, {
    key: b.key,
    body,
    idempotencyKey: method === 'GET' ? undefined : idempotencyKey,
  });
  exchangesOfB.push({ request: `${path} ${JSON.stringify(body ?? null)}`, reply });
  return reply;
};

/** A's ids and secrets, each with a look-alike that never existed. */
function ghosts(): [string, string][] {
  const ids = [
    own.category,
    own.archivedCategory,
    own.workflow,
    own.requestForm,
    own.requestTemplate,
    own.signTemplate,
    own.document,
  ];
  const pairs = [...ids, own.openPackage, own.closedPackage, own.request].map((id): [string, string] => {
    const cut = id.indexOf('_') + 1;
    return [
      id,
      id.slice(0, cut) +
        randomBytes(id.length)
          .toString('hex')
          .slice(0, id.length - cut),
    ];
  });
  return [...pairs, [own.preview!.preview_token, `pt_${randomBytes(32).toString('base64url')}`]];
}

const swap = (text: string, pairs: [string, string][], to: 0 | 1) =>
  pairs.reduce((t, pair) => t.split(pair[1 - to]!).join(`<${pairs.indexOf(pair)}>`), text);

/**
 * B's answer about A's item, next to B's answer about a look-alike id that never existed:
 * with ids masked and request ids dropped, the two must be the same bytes.
 */
async function expectLikeUnknown(method: string, path: string, body: unknown, idem?: string) {
  const pairs = ghosts();
  const theirs = await asB(method, path, body, idem);
  const ghostText = (text: string) => pairs.reduce((t, [real, ghost]) => t.split(real).join(ghost), text);
  const unknown = await asB(
    method,
    ghostText(path),
    body === undefined ? undefined : JSON.parse(ghostText(JSON.stringify(body))),
    idem,
  );
  // The answer as the suite reads it (identifiers in the standard shape in either dialect).
  const text = (reply: Reply) => (reply.body === null ? reply.bytes.toString('utf8') : JSON.stringify(reply.body));
  const mask = (reply: Reply, side: 0 | 1) => `${reply.status} ${swap(text(reply), pairs, side).replace(/"request_id":"[^"]*"/, '')}`;
  return { theirs, same: mask(theirs, 1) === mask(unknown, 0), shown: mask(theirs, 1), unknown: mask(unknown, 0) };
}
const asA = (method: string, path: string, body?: unknown) =>
  sb.call(method, `/api/v1${path}`, { key: a.key, body, idempotencyKey: method === 'GET' ? undefined : newIdemKey() });

/** Everything stored for A: its rows, the idempotency replies it owns, and its files. */
function snapshotOfA(): string {
  const db = sb.sandbox.services.db;
  const rows = db.prepare('SELECT kind, id, status, data FROM records WHERE app_id = ? ORDER BY seq').all(a.appId);
  const idem = db.prepare('SELECT key, operation, status, body FROM idempotency WHERE app_id = ? ORDER BY key').all(a.appId);
  return JSON.stringify({ rows, idem, files: sb.sandbox.services.files.list().filter((f) => !f.startsWith('.tmp')) });
}

const idsOf = (reply: Reply) => (reply.body.data as { id: string }[]).map((item) => item.id);

function insertOwned<T extends { id: string }>(kind: 'request_form' | 'request_template' | 'sign_template', record: T): string {
  sb.sandbox.services.records.insert<T>(kind, record, a.appId);
  return record.id;
}

beforeAll(async () => {
  sb = await startTestSandbox();
  a = await newApp(sb, { role: 'admin' });
  b = await newApp(sb, { role: 'admin' });
  const { records } = sb.sandbox.services;
  const suffix = randomBytes(4).toString('hex');

  // Catalog items A created through the API, or that are private to A in the platform.
  const created = await sb.call('POST', '/api/v1/categories', {
    key: a.key,
    idempotencyKey: own.categoryIdem,
    body: { name: own.categoryName },
  });
  expect(created.status).toBe(200);
  own.category = created.body.id;
  own.archivedCategory = (await asA('POST', '/categories', { name: `Tenant Alpha retired ${suffix}` })).body.id;
  expect((await asA('POST', `/categories/${own.archivedCategory}/archive`, { reason: 'Retired by A' })).status).toBe(200);
  own.workflow = cloneWorkflow(sb, 'wf_access', {}, a.appId).id;
  const form = records.get<RequestFormRecord>('request_form', 'rf_access')!;
  own.requestForm = insertOwned('request_form', { ...form, id: `rf_private_${suffix}`, workflow_id: own.workflow });
  const template = records.get<RequestTemplateRecord>('request_template', 'rt_access')!;
  own.requestTemplate = insertOwned('request_template', { ...template, id: `rt_private_${suffix}` });
  const signTemplate = records.get<SignTemplateRecord>('sign_template', 'dst_nda')!;
  own.signTemplate = insertOwned('sign_template', { ...signTemplate, id: `dst_private_${suffix}` });

  // A's document, packages (one still open, one closed), receipt and approval request.
  const upload = await uploadPdf(sb, a.key, await makePdf(1));
  expect(upload.status).toBe(200);
  own.document = upload.body.id;
  const sent = async () => {
    const res = await sendPreview(sb, a.key, await makePreview(sb, a.key));
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  own.openPackage = await sent();
  own.closedPackage = await sent();
  expect((await packageAction(sb, own.closedPackage, { action: 'expire' })).status).toBe(200);
  own.preview = await makePreview(sb, a.key);
  const request = await submitRequest(sb, a.key, accessBody());
  expect(request.status).toBe(200);
  own.request = request.body.id;
  own.requestExternalId = request.body.external_id;
  const asked = await reviewerAction(sb, own.request, {
    action: 'request_revision',
    requirements: [{ message: 'Name a cover' }],
  });
  expect(asked.status).toBe(200);
}, 60_000);
afterAll(async () => sb?.close());

describe("another app's items answer 404 to reads", () => {
  const reads = () => [
    `/categories/${own.category}`,
    `/categories/${own.archivedCategory}`,
    `/approval-workflows/${own.workflow}`,
    `/approval-workflows/${own.workflow}/releases/2/submission-schema`,
    `/approval-workflows/${own.workflow}/releases/${own.workflow}@2/submission-schema`,
    `/request-forms/${own.requestForm}`,
    `/request-templates/${own.requestTemplate}`,
    `/document-sign-templates/${own.signTemplate}`,
    `/document-sign-templates/${own.signTemplate}/content`,
    `/documents/${own.document}`,
    `/signature-packages/${own.openPackage}`,
    `/signature-packages/${own.closedPackage}`,
    `/approval-requests/${own.request}`,
    `/approval-requests/${own.request}/revision-requirements`,
  ];

  it('every detail route, exactly as for an id that never existed', async () => {
    const before = snapshotOfA();
    const leaks: string[] = [];
    for (const path of reads()) {
      const mine = await asA('GET', path);
      if (mine.status !== 200) throw new Error(`A cannot read its own ${path}: ${mine.status}`);
      const { theirs, same, shown, unknown } = await expectLikeUnknown('GET', path, undefined);
      if (theirs.status !== 404) leaks.push(`GET ${path}: ${theirs.status}`);
      else if (!same) leaks.push(`GET ${path}: ${shown} differs from ${unknown}`);
    }
    expect(leaks).toEqual([]);
    expect(snapshotOfA()).toBe(before);
  });
});

describe("another app's items are absent from lists", () => {
  const lists = () => [
    { path: '/categories?size=100', ids: [own.category, own.archivedCategory] },
    { path: `/categories?q=${encodeURIComponent('Tenant Alpha')}`, ids: [own.category, own.archivedCategory] },
    { path: '/categories?status=archived&size=100', ids: [own.archivedCategory] },
    { path: '/approval-workflows?size=100', ids: [own.workflow] },
    { path: '/approval-workflows?size=100&request_template_id=rt_access', ids: [own.workflow] },
    { path: '/request-forms?size=100', ids: [own.requestForm] },
    { path: '/request-templates?size=100', ids: [own.requestTemplate] },
    { path: '/document-sign-templates?size=100', ids: [own.signTemplate] },
    { path: '/documents?size=100', ids: [own.document] },
    { path: '/signature-packages?size=100', ids: [own.openPackage, own.closedPackage] },
    { path: '/approval-requests?size=100', ids: [own.request] },
  ];

  // A reads first, so a page built for A and kept by a cache would be the one B gets.
  it('A sees its items, B sees none of them, whoever read first', async () => {
    const leaks: string[] = [];
    for (const { path, ids } of lists()) {
      const mine = await asA('GET', path);
      expect(mine.status).toBe(200);
      expect(idsOf(mine)).toEqual(expect.arrayContaining(ids));
      const theirs = await asB('GET', path);
      expect(theirs.status).toBe(200);
      const seen = ids.filter((id) => idsOf(theirs).includes(id));
      if (seen.length > 0) leaks.push(`GET ${path}: ${seen.join(', ')}`);
    }
    expect(leaks).toEqual([]);
  });

  it('totals do not count them either', async () => {
    const before = (await asB('GET', '/categories')).body.pagination.total as number;
    await asA('POST', '/categories', { name: `Tenant Alpha counted ${randomBytes(3).toString('hex')}` });
    expect((await asB('GET', '/categories')).body.pagination.total).toBe(before);
  });

  it('seeded catalog items stay visible to every app', async () => {
    for (const [path, id] of [
      ['/categories?size=100', 'cat_finance'],
      ['/approval-workflows?size=100', 'wf_access'],
      ['/request-forms?size=100', 'rf_access'],
      ['/document-sign-templates?size=100', 'dst_nda'],
    ] as const) {
      expect(idsOf(await asB('GET', path))).toContain(id);
      expect(idsOf(await asA('GET', path))).toContain(id);
    }
    expect((await asB('GET', '/categories/cat_legal')).status).toBe(200);
  });
});

describe("another app's items answer 404 to every mutation, before any other check", () => {
  const reason = { reason: 'Cleaning up after the audit' };
  const attempts = (): { label: string; method: string; path: string; body: unknown }[] => [
    { label: 'archive a category', method: 'POST', path: `/categories/${own.category}/archive`, body: reason },
    { label: 'archive a category with an invalid body', method: 'POST', path: `/categories/${own.category}/archive`, body: {} },
    { label: 'archive an archived category', method: 'POST', path: `/categories/${own.archivedCategory}/archive`, body: reason },
    { label: 'archive a workflow', method: 'POST', path: `/approval-workflows/${own.workflow}/archive`, body: reason },
    {
      label: 'archive a workflow with an invalid body',
      method: 'POST',
      path: `/approval-workflows/${own.workflow}/archive`,
      body: { reason: 7 },
    },
    { label: 'archive a request form', method: 'POST', path: `/request-forms/${own.requestForm}/archive`, body: reason },
    { label: 'delete a document', method: 'DELETE', path: `/documents/${own.document}`, body: reason },
    {
      label: 'delete a document with a short reason',
      method: 'DELETE',
      path: `/documents/${own.document}`,
      body: { reason: 'x' },
    },
    {
      label: 'open an editor session',
      method: 'POST',
      path: `/documents/${own.document}/session`,
      body: { purpose: 'Place the fields' },
    },
    {
      label: 'open an editor session with an invalid purpose',
      method: 'POST',
      path: `/documents/${own.document}/session`,
      body: { purpose: 'x' },
    },
    { label: 'archive a closed package', method: 'POST', path: `/signature-packages/${own.closedPackage}/archive`, body: reason },
    {
      label: 'archive a closed package with a short reason',
      method: 'POST',
      path: `/signature-packages/${own.closedPackage}/archive`,
      body: { reason: 'x' },
    },
    { label: 'archive an open package', method: 'POST', path: `/signature-packages/${own.openPackage}/archive`, body: reason },
    {
      label: 'preview with a private template',
      method: 'POST',
      path: '/signature-packages/preview',
      body: ndaBody({ template_id: own.signTemplate }),
    },
    {
      label: "read the PDF of A's receipt",
      method: 'POST',
      path: '/signature-packages/preview/document',
      body: { template_id: own.preview!.template_id, preview_token: own.preview!.preview_token },
    },
    {
      label: "send A's receipt",
      method: 'POST',
      path: '/signature-packages',
      body: { template_id: own.preview!.template_id, preview_token: own.preview!.preview_token, confirmed: true },
    },
    {
      label: "send A's receipt with another template",
      method: 'POST',
      path: '/signature-packages',
      body: { template_id: 'dst_offer', preview_token: own.preview!.preview_token, confirmed: true },
    },
    {
      label: 'submit on a private workflow',
      method: 'POST',
      path: '/approval-requests',
      body: accessBody({ workflow_id: own.workflow, workflow_release_id: `${own.workflow}@2` }),
    },
    {
      label: 'save a revision draft',
      method: 'PATCH',
      path: `/approval-requests/${own.request}/revision-draft`,
      body: { expected_version: 2, expected_task_version: 1, form_data: {} },
    },
    {
      label: 'save a revision draft with an invalid body',
      method: 'PATCH',
      path: `/approval-requests/${own.request}/revision-draft`,
      body: {},
    },
    {
      label: 'resubmit',
      method: 'POST',
      path: `/approval-requests/${own.request}/resubmit`,
      body: { expected_version: 2, expected_task_version: 1, form_data: accessBody().form_data },
    },
  ];

  it('each one, with a fresh key and with the key A used, and A is unchanged', async () => {
    const before = snapshotOfA();
    const leaks: string[] = [];
    for (const attempt of attempts()) {
      for (const idem of [newIdemKey(), own.categoryIdem]) {
        const { theirs, same, shown, unknown } = await expectLikeUnknown(attempt.method, attempt.path, attempt.body, idem);
        if (theirs.status !== 404) leaks.push(`${attempt.label}: ${theirs.status} ${theirs.body?.error?.code ?? ''}`);
        else if (!same) leaks.push(`${attempt.label}: ${shown} differs from ${unknown}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(snapshotOfA()).toBe(before);
  });

  it("a document of A's in a submission is refused as if it did not exist", async () => {
    const body = expenseBody(own.document, { external_id: 'EXP-tenant-check' });
    const { theirs, same, shown, unknown } = await expectLikeUnknown('POST', '/approval-requests', body);
    expectError(theirs, 422, 'VALIDATION_FAILED');
    expect(shown).toBe(unknown);
    expect(same).toBe(true);
    expect(sb.sandbox.services.records.get<{ protected: boolean }>('document', own.document)!.protected).toBe(false);
  });

  it('A can still use everything afterwards: its receipt sends, its category archives', async () => {
    const res = await sendPreview(sb, a.key, own.preview!);
    expect(res.status).toBe(201);
    expect((await previewDocument(sb, b.key, own.preview!)).status).toBe(404);
    expect((await asA('GET', `/categories/${own.category}`)).body.status).toBe('active');
    expect((await asA('GET', `/documents/${own.document}`)).status).toBe(200);
  });
});

describe('names and idempotency keys are per app', () => {
  it("B may use A's category name; the name of a shared category is still taken, and no answer names A's item", async () => {
    const mine = await asB('POST', '/categories', { name: own.categoryName.toUpperCase() });
    expect(mine.status).toBe(200);
    expect(mine.body.id).not.toBe(own.category);
    const taken = expectError(await asB('POST', '/categories', { name: 'finance' }), 409, 'CATEGORY_NAME_TAKEN');
    expect(taken.message).toContain('cat_finance');
  });

  it("B replaying A's Idempotency-Key with A's body gets its own outcome, never A's stored reply", async () => {
    const reply = await asB('POST', '/categories', { name: own.categoryName }, own.categoryIdem);
    expect(reply.headers.get('idempotent-replayed')).toBeNull();
    expect(reply.body.id ?? null).not.toBe(own.category);
    // A's key is still A's: A's replay is still byte for byte its own first answer.
    const replay = await sb.call('POST', '/api/v1/categories', {
      key: a.key,
      idempotencyKey: own.categoryIdem,
      body: { name: own.categoryName },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(own.category);
  });

  it("B may reuse A's external_id", async () => {
    const res = await asB('POST', '/approval-requests', accessBody({ external_id: own.requestExternalId }));
    expect(res.status).toBe(200);
    expect(res.body.id).not.toBe(own.request);
  });

  it("no answer B received names an item of A's that B had not sent itself", () => {
    expect(exchangesOfB.length).toBeGreaterThan(80);
    const secrets = [...ghosts().map(([real]) => real), hashSecret(own.preview!.preview_token), own.categoryName];
    const leaks = exchangesOfB.flatMap(({ request, reply }) =>
      secrets
        .filter((s) => !request.includes(s) && reply.bytes.toString('utf8').includes(s))
        .map((s) => `${request.slice(0, 80)} -> ${s}`),
    );
    expect(leaks).toEqual([]);
  });
});
