import { describe, expect, it } from 'vitest';
import { expectError, newIdemKey } from './harness.ts';
import {
  accessBody,
  cloneWorkflow,
  expenseBody,
  getDocument,
  insertDocument,
  leaveBody,
  listTotal,
  newApp,
  submitRequest,
  uniqueExternalId,
} from './approval-fixtures.ts';
import { appForFile, sandboxForFile } from './sandbox-for-file.ts';

const HOUR = 3_600_000;

const sb = sandboxForFile();
const app = appForFile(sb);

describe('submitting an approval request', () => {
  it('submit: true starts IN_PROGRESS on the first layer with versions, SLA and remaining layers', async () => {
    const receipt = insertDocument(sb, app.appId);
    const body = expenseBody(receipt, { external_id: 'EXP-2030.001:a_b' });
    const res = await submitRequest(sb, app.key, body);
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.id).toMatch(/^ar_[0-9a-f]{20}$/);
    expect(r).toMatchObject({
      external_id: 'EXP-2030.001:a_b',
      status: 'IN_PROGRESS',
      version: 1,
      request_revision: 0,
      workflow_id: 'wf_expense',
      workflow_release_id: 'wf_expense@2',
      form_version: 2,
      published_version: 2,
      form_data: body.form_data,
      documents: body.documents,
      current_layer: 1,
      current_layer_name: 'Line manager',
      remaining_approval_layers: ['Finance'],
      decisions: [],
      revision_task: null,
      completed_at: null,
    });
    expect(r.visited_steps).toEqual([
      { layer: 1, name: 'Line manager', entered_at: r.submitted_at, decided_at: null, decision: null, comment: null },
    ]);
    expect(r.sla).toEqual({ layer: 1, due_at: new Date(Date.parse(r.submitted_at) + 24 * HOUR).toISOString(), breached: false });
    expect(r.created_at).toBe(r.submitted_at);

    const read = await sb.call('GET', `/api/v1/approval-requests/${r.id}`, { key: app.key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(r);
  });

  it('submit: false keeps a DRAFT: no layer entered, no SLA, every layer still ahead', async () => {
    const res = await submitRequest(sb, app.key, leaveBody({ submit: false }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'DRAFT',
      version: 1,
      request_revision: 0,
      current_layer: null,
      sla: null,
      visited_steps: [],
      submitted_at: null,
      remaining_approval_layers: ['Line manager', 'People team'],
    });
  });

  it('a DRAFT need not carry its required documents yet, but a submission must', async () => {
    const draft = expenseBody('unused', { submit: false, documents: [] });
    expect((await submitRequest(sb, app.key, draft)).body.status).toBe('DRAFT');
    const error = expectError(
      await submitRequest(sb, app.key, { ...draft, external_id: uniqueExternalId(), submit: true }),
      422,
      'VALIDATION_FAILED',
    );
    expect(error.details).toEqual([expect.objectContaining({ path: 'documents', field_key: 'receipt' })]);
  });

  it('makes every referenced document protected evidence of the request', async () => {
    const receipt = insertDocument(sb, app.appId);
    expect(getDocument(sb, receipt).protected).toBe(false);
    const res = await submitRequest(sb, app.key, expenseBody(receipt));
    expect(res.status).toBe(200);
    const doc = getDocument(sb, receipt);
    expect(doc.protected).toBe(true);
    expect(doc.protection_reason).toBe(`Evidence of approval request ${res.body.id}`);
    expect(doc.references).toEqual([{ kind: 'approval_request', id: res.body.id, field_key: 'receipt' }]);
  });

  it('accepts sign_actor_ids on a workflow with per-document signing', async () => {
    const quote = insertDocument(sb, app.appId);
    const res = await submitRequest(sb, app.key, {
      workflow_id: 'wf_purchase',
      workflow_release_id: 'wf_purchase@3',
      external_id: uniqueExternalId('PO'),
      submit: true,
      form_data: {
        vendor: 'Acme',
        total: 1200,
        needed_by: '2030-01-15',
        purchase_category: 'hardware',
        justification: 'Laptops for the two new hires',
      },
      documents: [{ document_id: quote, field_key: 'quote', name: 'Quote', sign_actor_ids: ['actor_cfo'] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.documents[0].sign_actor_ids).toEqual(['actor_cfo']);
    expect(res.body.remaining_approval_layers).toEqual(['Procurement', 'CFO']);
  });

  it('replays an idempotent retry: same key, one request', async () => {
    const mine = await newApp(sb);
    const body = accessBody();
    const key = newIdemKey();
    const first = await submitRequest(sb, mine.key, body, key);
    const second = await submitRequest(sb, mine.key, body, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.id).toBe(first.body.id);
    expect(await listTotal(sb, mine.key)).toBe(1);
    expectError(
      await submitRequest(sb, mine.key, { ...body, external_id: uniqueExternalId() }, key),
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectError(
      await sb.call('POST', '/api/v1/approval-requests', { key: mine.key, body: accessBody() }),
      422,
      'IDEMPOTENCY_KEY_MISSING',
    );
    expect(await listTotal(sb, mine.key)).toBe(1);
  });
});

describe('form_data validation names the field', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['missing required', { days_requested: undefined }, 'form_data.days_requested', /required/],
    ['wrong type', { days_requested: '10' }, 'form_data.days_requested', /whole number/],
    ['non-integer', { days_requested: 2.5 }, 'form_data.days_requested', /whole number/],
    ['not in the enum', { leave_type: 'sabbatical' }, 'form_data.leave_type', /one of: annual, parental, unpaid, sick/],
    ['below the minimum', { days_requested: 0 }, 'form_data.days_requested', /at least 1/],
    ['above the maximum', { days_requested: 261 }, 'form_data.days_requested', /at most 260/],
    ['not a real date', { first_day: '2030-02-30' }, 'form_data.first_day', /real date/],
    ['not a date at all', { last_day: '12/07/2030' }, 'form_data.last_day', /YYYY-MM-DD/],
    ['bad e-mail', { handover_contact: 'cover-at-example' }, 'form_data.handover_contact', /e-mail/],
    ['unknown key', { favourite_colour: 'blue' }, 'form_data.favourite_colour', /not a field/],
    ['null for a required field', { leave_type: null }, 'form_data.leave_type', /one of/],
  ];
  for (const [label, change, path, message] of cases) {
    it(`rejects ${label} with 422 at ${path}`, async () => {
      const form = Object.fromEntries(Object.entries({ ...leaveBody().form_data, ...change }).filter(([, v]) => v !== undefined));
      const error = expectError(await submitRequest(sb, app.key, leaveBody({ form_data: form })), 422, 'VALIDATION_FAILED');
      expect(error.details).toEqual([expect.objectContaining({ path, message: expect.stringMatching(message) })]);
    });
  }

  it('checks string lengths and number bounds of another release (wf_expense@2)', async () => {
    const doc = insertDocument(sb, app.appId);
    const error = expectError(
      await submitRequest(sb, app.key, expenseBody(doc, {}, { cost_center: 'C1', amount: 0, description: 'x'.repeat(501) })),
      422,
    );
    expect(error.details!.map((d) => d.path).sort()).toEqual([
      'form_data.amount',
      'form_data.cost_center',
      'form_data.description',
    ]);
  });

  // DESIGN.md section 3: the schema lists file fields among its properties, so a literal reader
  // may send the document id there too; it must then be the id attached in documents.
  it('takes a document field in form_data when it holds the id attached in documents', async () => {
    const doc = insertDocument(sb, app.appId);
    const res = await submitRequest(sb, app.key, expenseBody(doc, {}, { receipt: doc }));
    expect(res.status).toBe(200);
    expect(res.body.form_data).toMatchObject({ receipt: doc });
  });

  it('refuses a document field in form_data that names another document, or none attached', async () => {
    const [doc, other] = [insertDocument(sb, app.appId), insertDocument(sb, app.appId)];
    const mismatch = expectError(await submitRequest(sb, app.key, expenseBody(doc, {}, { receipt: other })), 422);
    expect(mismatch.details).toEqual([expect.objectContaining({ path: 'form_data.receipt', message: expect.stringMatching(/attached to this field/) })]);
    const unattached = expectError(await submitRequest(sb, app.key, expenseBody(doc, {}, { receipt: doc, billable: false, receipt_copy: doc })), 422);
    expect(unattached.details).toEqual([expect.objectContaining({ path: 'form_data.receipt_copy' })]);
  });

  it('requires form_data to be an object', async () => {
    for (const form_data of [null, [], 'text', 3]) {
      const error = expectError(await submitRequest(sb, app.key, leaveBody({ form_data })), 422, 'VALIDATION_FAILED');
      expect(error.details![0]!.path).toBe('form_data');
    }
  });
});

describe('workflow, release, runtime and authority', () => {
  it('rejects a stale release with 409 naming the current release', async () => {
    const error = expectError(
      await submitRequest(sb, app.key, leaveBody({ workflow_release_id: 'wf_leave@1' })),
      409,
      'STALE_WORKFLOW_RELEASE',
    );
    expect(error.message).toContain('wf_leave@2');
    expect(error.details![0]).toMatchObject({ path: 'workflow_release_id', current_release_id: 'wf_leave@2' });
  });

  it('rejects a release of another workflow, an unknown release and a malformed id with 422', async () => {
    for (const id of ['wf_expense@2', 'wf_leave@9', 'wf_leave', 'wf_leave@0', '@2']) {
      const error = expectError(
        await submitRequest(sb, app.key, leaveBody({ workflow_release_id: id })),
        422,
        'VALIDATION_FAILED',
      );
      expect(error.details![0]!.path).toBe('workflow_release_id');
    }
  });

  it("answers 404 for an unknown workflow and for another app's private workflow", async () => {
    expectError(
      await submitRequest(sb, app.key, leaveBody({ workflow_id: 'wf_nope', workflow_release_id: 'wf_nope@1' })),
      404,
      'NOT_FOUND',
    );
    const owner = await newApp(sb);
    const priv = cloneWorkflow(sb, 'wf_access', {}, owner.appId);
    const body = accessBody({ workflow_id: priv.id, workflow_release_id: `${priv.id}@2` });
    expectError(await submitRequest(sb, app.key, body), 404, 'NOT_FOUND');
    expect((await submitRequest(sb, owner.key, body)).status).toBe(200);
  });

  it('refuses an archived workflow with 409 WORKFLOW_ARCHIVED', async () => {
    const archived = cloneWorkflow(sb, 'wf_access', {
      status: 'archived',
      archived_at: new Date().toISOString(),
      archive_reason: 'gone',
    });
    expectError(
      await submitRequest(sb, app.key, accessBody({ workflow_id: archived.id, workflow_release_id: `${archived.id}@2` })),
      409,
      'WORKFLOW_ARCHIVED',
    );
  });

  it('refuses the legacy runtime with 422 UNSUPPORTED_RUNTIME', async () => {
    const body = {
      workflow_id: 'wf_travel',
      workflow_release_id: 'wf_travel@2',
      external_id: uniqueExternalId(),
      submit: true,
      form_data: { destination: 'Lisbon', departure: '2030-05-01', estimated_cost: 900 },
    };
    expectError(await submitRequest(sb, app.key, body), 422, 'UNSUPPORTED_RUNTIME');
  });

  it('refuses a viewer requester with 403 REQUESTER_NOT_AUTHORIZED, and a key without the scope', async () => {
    const viewer = await newApp(sb, { role: 'viewer' });
    expectError(await submitRequest(sb, viewer.key, accessBody()), 403, 'REQUESTER_NOT_AUTHORIZED');
    expect(await listTotal(sb, viewer.key)).toBe(0);
    const member = await newApp(sb, { role: 'member' });
    expect((await submitRequest(sb, member.key, accessBody())).status).toBe(200);
    const readOnly = await newApp(sb, { scopes: ['requests:read'] });
    expectError(await submitRequest(sb, readOnly.key, accessBody()), 403, 'INSUFFICIENT_SCOPE');
  });
});

describe('external_id', () => {
  it('must be 3-120 characters of letters, digits and . _ : -', async () => {
    for (const bad of ['ab', 'x'.repeat(121), 'has space', 'slash/no', 'émile', '']) {
      const error = expectError(await submitRequest(sb, app.key, accessBody({ external_id: bad })), 422, 'VALIDATION_FAILED');
      expect(error.details![0]!.path).toBe('external_id');
    }
    for (const good of ['abc', `L${'x'.repeat(119)}`])
      expect((await submitRequest(sb, app.key, accessBody({ external_id: good }))).status).toBe(200);
  });

  it('is unique per app (409 EXTERNAL_ID_TAKEN) but free in another app', async () => {
    const externalId = uniqueExternalId('DUP');
    expect((await submitRequest(sb, app.key, accessBody({ external_id: externalId }))).status).toBe(200);
    expectError(await submitRequest(sb, app.key, leaveBody({ external_id: externalId })), 409, 'EXTERNAL_ID_TAKEN');
    const other = await newApp(sb);
    expect((await submitRequest(sb, other.key, accessBody({ external_id: externalId }))).status).toBe(200);
  });
});

describe('documents', () => {
  it("must belong to the app: another app's document is 422 naming the index, and stays unprotected", async () => {
    const other = await newApp(sb);
    const foreign = insertDocument(sb, other.appId);
    const error = expectError(await submitRequest(sb, app.key, expenseBody(foreign)), 422, 'VALIDATION_FAILED');
    expect(error.details).toEqual([expect.objectContaining({ path: 'documents.0.document_id' })]);
    expect(getDocument(sb, foreign).protected).toBe(false);
    expectError(await submitRequest(sb, app.key, expenseBody('doc_missing')), 422, 'VALIDATION_FAILED');
  });

  it('field_key must be a format: document field of the schema', async () => {
    const doc = insertDocument(sb, app.appId);
    const receipt = { document_id: doc, field_key: 'receipt', name: 'Receipt' };
    for (const field_key of ['amount', 'no_such_field']) {
      const extra = insertDocument(sb, app.appId);
      const error = expectError(
        await submitRequest(
          sb,
          app.key,
          expenseBody(doc, { documents: [receipt, { document_id: extra, field_key, name: 'x' }] }),
        ),
        422,
      );
      expect(error.details).toEqual([expect.objectContaining({ path: 'documents.1.field_key' })]);
    }
    const twice = expectError(await submitRequest(sb, app.key, expenseBody(doc, { documents: [receipt, receipt] })), 422);
    expect(twice.details![0]!.path).toBe('documents.1.field_key');
  });

  it('sign_actor_ids on a workflow without per-document signing is 422 PER_DOCUMENT_SIGNING_UNSUPPORTED', async () => {
    const doc = insertDocument(sb, app.appId);
    const body = expenseBody(doc, {
      documents: [{ document_id: doc, field_key: 'receipt', name: 'R', sign_actor_ids: ['actor_1'] }],
    });
    const error = expectError(await submitRequest(sb, app.key, body), 422, 'PER_DOCUMENT_SIGNING_UNSUPPORTED');
    expect(error.details![0]!.path).toBe('documents.0.sign_actor_ids');
    expect(getDocument(sb, doc).protected).toBe(false);
  });

  it('rejects malformed document items', async () => {
    const doc = insertDocument(sb, app.appId);
    for (const item of [
      { document_id: doc, field_key: 'receipt' },
      { document_id: doc, field_key: 'receipt', name: 'R', extra: 1 },
      'doc',
      null,
    ]) {
      expectError(await submitRequest(sb, app.key, expenseBody(doc, { documents: [item] })), 422, 'VALIDATION_FAILED');
    }
  });
});

describe('reading and listing', () => {
  it("hides another app's request (404) and answers 404 for an unknown id", async () => {
    const created = await submitRequest(sb, app.key, accessBody());
    const other = await newApp(sb);
    expectError(await sb.call('GET', `/api/v1/approval-requests/${created.body.id}`, { key: other.key }), 404, 'NOT_FOUND');
    expectError(await sb.call('GET', '/api/v1/approval-requests/ar_missing', { key: app.key }), 404, 'NOT_FOUND');
    expect((await sb.call('GET', '/api/v1/approval-requests', { key: other.key })).body.data).toEqual([]);
  });

  it('paginates newest first and filters by status and q (external_id or id)', async () => {
    const mine = await newApp(sb);
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) {
      const res = await submitRequest(
        sb,
        mine.key,
        accessBody({ external_id: `LIST-${String(i).padStart(2, '0')}`, submit: i % 3 !== 0 }),
      );
      ids.push(res.body.id);
    }
    const page1 = await sb.call('GET', '/api/v1/approval-requests', { key: mine.key });
    expect(page1.body.pagination).toEqual({ page: 1, size: 25, total: 27, pages: 2 });
    expect(page1.body.data[0].id).toBe(ids[26]);
    const page2 = await sb.call('GET', '/api/v1/approval-requests?page=2&size=25', { key: mine.key });
    expect(page2.body.data.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect((await sb.call('GET', '/api/v1/approval-requests?page=3', { key: mine.key })).body.data).toEqual([]);

    const drafts = await sb.call('GET', '/api/v1/approval-requests?status=DRAFT&size=50', { key: mine.key });
    expect(drafts.body.pagination.total).toBe(9);
    expect(drafts.body.data.every((r: { status: string }) => r.status === 'DRAFT')).toBe(true);
    const byExternal = await sb.call('GET', '/api/v1/approval-requests?q=LIST-1', { key: mine.key });
    expect(byExternal.body.data.map((r: { external_id: string }) => r.external_id).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `LIST-1${i}`),
    );
    const byId = await sb.call('GET', `/api/v1/approval-requests?q=${ids[5]}`, { key: mine.key });
    expect(byId.body.data.map((r: { id: string }) => r.id)).toEqual([ids[5]]);
    expect((await sb.call('GET', '/api/v1/approval-requests?q=LIST_', { key: mine.key })).body.pagination.total).toBe(0);
  });

  it('validates list query parameters', async () => {
    for (const query of ['size=10', 'page=0', 'page=x', 'status=DONE', `q=${'x'.repeat(101)}`, 'sort=asc', 'page=1&page=2']) {
      expectError(await sb.call('GET', `/api/v1/approval-requests?${query}`, { key: app.key }), 422, 'VALIDATION_FAILED');
    }
  });
});

describe('hostile input', () => {
  it('never answers 500 and rejected submissions change nothing', async () => {
    const mine = await newApp(sb);
    const doc = insertDocument(sb, mine.appId);
    const good = expenseBody(doc);
    const bodies: unknown[] = [
      [],
      'x',
      42,
      null,
      {},
      { ...good, extra: true },
      { ...good, submit: 'yes' },
      { ...good, workflow_id: 7 },
      { ...good, workflow_id: 'x'.repeat(500) },
      { ...good, workflow_release_id: `wf_expense@${'9'.repeat(30)}` },
      { ...good, form_data: { ...good.form_data, amount: 1e308 * 10 } },
      { ...good, form_data: { ['__proto__']: 1 } },
      { ...good, form_data: { ...good.form_data, amount: { $gt: 0 } } },
      { ...good, documents: 'all' },
      { ...good, documents: [[]] },
      { ...good, documents: Array.from({ length: 51 }, () => good.documents[0]) },
    ];
    for (const body of bodies) {
      const res = await submitRequest(sb, mine.key, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const raw = await sb.call('POST', '/api/v1/approval-requests', {
      key: mine.key,
      rawBody: '{"submit":',
      headers: { 'content-type': 'application/json' },
      idempotencyKey: newIdemKey(),
    });
    expect(raw.status).toBe(400);
    expect(await listTotal(sb, mine.key)).toBe(0);
    expect(getDocument(sb, doc).protected).toBe(false);
  });
});
