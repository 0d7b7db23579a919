import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { startTestConsole, type TestConsole } from './harness';
import {
  accessRequest,
  apiId,
  arrivals,
  auditOf,
  detailPaths,
  expectConsoleError,
  idem,
  setFaults,
  sha256,
  submittedRequest,
} from './console-fixtures';

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());
afterEach(async () => setFaults(c, []));

const get = (path: string, cookie = c.cookies.viewer) => c.call('GET', path, { cookie });

describe('catalog lists', () => {
  it.each(['categories', 'request-templates', 'approval-workflows', 'request-forms', 'document-sign-templates'])('GET /api/%s answers a page', async (kind) => {
    const reply = await get(`/api/${kind}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body.pagination).toMatchObject({ page: 1, size: 25 });
    expect(reply.body.data.length).toBeGreaterThan(0);
    expect(reply.body.pagination.total).toBe(reply.body.data.length);
  });

  it('passes page, size, q and status on', async () => {
    const finance = await get('/api/categories?q=Finance&size=50');
    expect(finance.body.pagination).toMatchObject({ page: 1, size: 50 });
    expect(finance.body.data.map((x: { id: string }) => x.id)).toContain(apiId('cat_finance'));
    const archived = await get('/api/categories?status=archived');
    expect(archived.body.data.map((x: { id: string }) => x.id)).toContain(apiId('cat_travel_old'));
    expect(archived.body.data.every((x: { status: string }) => x.status === 'archived')).toBe(true);
    const beyond = await get('/api/categories?page=9&size=100');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ data: [], pagination: { page: 9, size: 100 } });
  });

  it('filters workflows by category and request template', async () => {
    const hr = await get('/api/approval-workflows?category_id=cat_hr&status=active');
    expect(hr.body.data.length).toBeGreaterThan(0);
    expect(hr.body.data.every((w: { category_id: string }) => w.category_id === apiId('cat_hr'))).toBe(true);
    const leave = await get('/api/approval-workflows?request_template_id=rt_leave');
    expect(leave.body.data.map((w: { id: string }) => w.id)).toEqual([apiId('wf_leave')]);
  });

  it.each([
    ['/api/categories?page=0', 'page'],
    ['/api/categories?page=two', 'page'],
    ['/api/request-forms?page=1.5', 'page'],
    ['/api/categories?size=30', 'size'],
    ['/api/request-templates?q=' + 'x'.repeat(101), 'q'],
    ['/api/categories?status=deleted', 'status'],
    ['/api/approval-workflows?category_id=' + encodeURIComponent('a b'), 'category_id'],
    ['/api/document-sign-templates?status=active', ''],
    ['/api/categories?sort=name', ''],
  ])('refuses %s with 422 before calling the API', async (path, field) => {
    const before = arrivals(c);
    const reply = await get(path);
    expectConsoleError(reply, 422, 'VALIDATION_FAILED');
    expect(detailPaths(reply)).toEqual([field]);
    expect(arrivals(c)).toBe(before);
  });
});

describe('catalog details', () => {
  it('answers one record of each collection and 404 for an unknown one', async () => {
    expect((await get('/api/categories/cat_finance')).body).toMatchObject({ id: apiId('cat_finance'), name: 'Finance', status: 'active' });
    expect((await get('/api/request-templates/rt_expense')).body).toMatchObject({ id: apiId('rt_expense'), category_id: apiId('cat_finance') });
    const wf = await get('/api/approval-workflows/wf_expense');
    expect(wf.body).toMatchObject({ id: apiId('wf_expense'), workflow_release_id: apiId('wf_expense@2') });
    expect(wf.body.releases.map((r: { release: number }) => r.release)).toEqual([1, 2]);
    expect((await get('/api/request-forms/rf_expense')).body).toMatchObject({ id: apiId('rf_expense'), workflow_id: apiId('wf_expense') });
    const nda = await get('/api/document-sign-templates/dst_nda');
    expect(nda.body.slots.map((s: { slot_id: string }) => s.slot_id)).toEqual(['company_signer', 'counterparty_signer']);
    const missing = expectConsoleError(await get('/api/categories/cat_nope'), 404, 'NOT_FOUND');
    expect(missing.message).toContain(apiId('cat_nope'));
    expectConsoleError(await get('/api/categories/bad%20id'), 422, 'VALIDATION_FAILED');
  });

  it('answers the submission schema of a release', async () => {
    const reply = await get('/api/approval-workflows/wf_access/releases/2/submission-schema');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body.schema.properties)).toEqual(expect.arrayContaining(['system', 'access_level', 'justification']));
    expectConsoleError(await get('/api/approval-workflows/wf_access/releases/latest/submission-schema'), 422, 'VALIDATION_FAILED');
  });

  it('streams a template version as a private PDF', async () => {
    const tpl = (await get('/api/document-sign-templates/dst_nda')).body as { versions: { id: string }[]; current_version_id: string };
    const current = await get('/api/document-sign-templates/dst_nda/content');
    expect(current.status).toBe(200);
    expect(current.headers.get('content-type')).toBe('application/pdf');
    expect(current.headers.get('cache-control')).toBe('private, no-store');
    expect(current.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const first = await get(`/api/document-sign-templates/dst_nda/content?version=${tpl.versions[0]!.id}`);
    expect(first.status).toBe(200);
    expect(tpl.versions.length).toBeGreaterThan(1);
    expect(sha256(first.bytes)).not.toBe(sha256(current.bytes));
    expectConsoleError(await get('/api/document-sign-templates/dst_nda/content?version=dstv_nope'), 404, 'NOT_FOUND');
  });
});

describe('catalog pages rendered with their record', () => {
  const page = (path: string, headers: Record<string, string> = {}) =>
    c.call('GET', path, { cookie: c.cookies.viewer, headers }).then((r) => ({ status: r.status, html: r.bytes.toString('utf8') }));

  it('a record page arrives with the record in its HTML, its dates in the locale the request asks for', async () => {
    const record = (await get(`/api/categories/${apiId('cat_finance')}`)).body as { created_at: string };
    const english = await page(`/catalog/categories/${apiId('cat_finance')}`, { 'accept-language': 'en-GB,en;q=0.8' });
    expect(english.status).toBe(200);
    expect(english.html).toContain('Expenses, invoices and budget approvals.');
    expect(english.html).toContain(formatDateTime(record.created_at, {}, ['en-GB', 'en']));

    const german = await page(`/catalog/categories/${apiId('cat_finance')}`, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(german.html).toContain(formatDateTime(record.created_at, {}, ['de-DE', 'de']));
  });

  it.each([
    ['request-templates', 'rt_expense', 'Claim back business expenses with receipts.'],
    ['approval-workflows', 'wf_expense', 'Reimbursement of business expenses, approved by the line manager and Finance.'],
  ])('so does a %s page', async (kind, id, marker) => {
    const { status, html } = await page(`/catalog/${kind}/${apiId(id)}`);
    expect(status).toBe(200);
    expect(html).toContain(marker);
  });

  it('a record the server could not read in time is left for the browser: the page still answers', async () => {
    await setFaults(c, [{ method: 'GET', path: `/api/v1/categories/${apiId('cat_facilities')}`, status: 500, code: 'DB_EXPLODED', times: 20 }]);
    const { status, html } = await page(`/catalog/categories/${apiId('cat_facilities')}`);
    expect(status).toBe(200);
    expect(html).not.toContain('Office space, equipment and maintenance.');
    expect(html).not.toContain('DB_EXPLODED');
  });

  it('reads only what the reader may read: without a session the page sends to sign-in and reads nothing', async () => {
    const before = await arrivals(c);
    const reply = await c.call('GET', `/catalog/categories/${apiId('cat_hr')}`);
    expect(reply.status).toBe(307);
    expect(await arrivals(c)).toBe(before);
  });
});

describe('catalog administration', () => {
  it('creates a category once per Idempotency-Key, audited with the upstream request id', async () => {
    const key = idem('cat');
    const body = { name: 'Marketing', description: 'Campaigns and events.' };
    const first = await c.call('POST', '/api/categories', { cookie: c.cookies.admin, body, idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ name: 'Marketing', status: 'active', request_form_created: false, key_scope_expanded: false });
    const again = await c.call('POST', '/api/categories', { cookie: c.cookies.admin, body, idempotencyKey: key });
    expect(again.body.id).toBe(first.body.id);
    expect((await get(`/api/categories/${first.body.id}`)).status).toBe(200);
    const entry = (await auditOf(c, 'category.create')).find((e) => e.target_id === first.body.id)!;
    expect(entry).toMatchObject({ user_email: 'admin@test.local', outcome: 'success', status: 200, idempotency_key: key });
    expect(entry.upstream_request_id).toMatch(/^req_/);
    expectConsoleError(await c.call('POST', '/api/categories', { cookie: c.cookies.admin, body }), 422, 'IDEMPOTENCY_KEY_MISSING');
    expectConsoleError(await c.call('POST', '/api/categories', { cookie: c.cookies.admin, body, idempotencyKey: 'has space in it' }), 422, 'IDEMPOTENCY_KEY_INVALID');
  });

  it('tells a taken category name and an item already archived by reading again, not by the code of the refusal', async () => {
    const name = `Legal ${idem('n')}`;
    const created = await c.call('POST', '/api/categories', { cookie: c.cookies.admin, body: { name, description: 'Contracts.' }, idempotencyKey: idem('cat') });
    expect(created.status).toBe(200);
    const twin = await c.call('POST', '/api/categories', { cookie: c.cookies.admin, body: { name: name.toUpperCase(), description: 'Another.' }, idempotencyKey: idem('cat') });
    const taken = expectConsoleError(twin, 409, 'CATEGORY_NAME_TAKEN');
    expect(taken.details).toEqual([{ path: 'name', message: `already used by the active category “${name}”` }]);
    const archive = () => c.call('POST', `/api/categories/${created.body.id}/archive`, { cookie: c.cookies.admin, body: { reason: 'Merged into another' }, idempotencyKey: idem('archive') });
    expect((await archive()).status).toBe(200);
    const again = expectConsoleError(await archive(), 409, 'ALREADY_ARCHIVED');
    expect(again.message).toContain('already archived');
  });

  it('archives a category, a request form and a workflow; a workflow in use is refused', async () => {
    const created = await c.call('POST', '/api/categories', { cookie: c.cookies.admin, body: { name: 'Short-lived' }, idempotencyKey: idem('cat') });
    const archive = (path: string, reason = 'No longer used by anyone') =>
      c.call('POST', path, { cookie: c.cookies.admin, body: { reason }, idempotencyKey: idem('archive') });
    const cat = await archive(`/api/categories/${created.body.id}/archive`);
    expect(cat.body).toMatchObject({ id: created.body.id, status: 'archived', archive_reason: 'No longer used by anyone' });
    expect((await archive('/api/request-forms/rf_purchase/archive')).body).toMatchObject({ id: apiId('rf_purchase'), status: 'archived' });
    expect((await archive('/api/approval-workflows/wf_purchase/archive')).body).toMatchObject({ id: apiId('wf_purchase'), status: 'archived' });
    await submittedRequest(c, accessRequest());
    const inUse = expectConsoleError(await archive('/api/approval-workflows/wf_access/archive'), 409, 'WORKFLOW_IN_USE');
    expect(inUse.message).toContain(`"${apiId('wf_access')}" is used by requests`);
    const [failed] = await auditOf(c, 'workflow.archive');
    expect(failed).toMatchObject({ target_id: 'wf_access', outcome: 'failure', status: 409, error_code: 'WORKFLOW_IN_USE', reason: 'No longer used by anyone' });
    expect(failed!.upstream_request_id).toMatch(/^req_/);
  });
});

describe('upstream errors and retries', () => {
  const categories = () => get('/api/categories');

  it('turns an upstream 500 into 502 UPSTREAM_ERROR without internals, and does not retry it', async () => {
    await setFaults(c, [{ method: 'GET', path: '/api/v1/categories', status: 500, code: 'DB_EXPLODED', times: 5 }]);
    const before = arrivals(c);
    const reply = await categories();
    const error = expectConsoleError(reply, 502, 'UPSTREAM_ERROR');
    expect(reply.bytes.toString()).not.toMatch(/DB_EXPLODED|Injected|req_|__sandbox|127\.0\.0\.1/);
    expect(error.details).toBeUndefined();
    expect(arrivals(c)).toBe(before + 1);
  });

  it('retries a GET after a 503 with Retry-After and succeeds', async () => {
    await setFaults(c, [{ method: 'GET', path: '/api/v1/categories', status: 503, code: 'MAINTENANCE', retry_after: 1, times: 1 }]);
    const before = arrivals(c);
    const started = Date.now();
    const reply = await categories();
    expect(reply.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(arrivals(c)).toBe(before + 2);
  });

  it('retries a mutation that carries an Idempotency-Key', async () => {
    await setFaults(c, [{ method: 'POST', path: '/api/v1/categories', status: 503, retry_after: 0, times: 1 }]);
    const before = arrivals(c);
    const reply = await c.call('POST', '/api/categories', { cookie: c.cookies.admin, body: { name: 'Retried once' }, idempotencyKey: idem('cat') });
    expect(reply.status).toBe(200);
    expect(arrivals(c)).toBe(before + 2);
  });

  it('passes 429 through with Retry-After once the retries are spent', async () => {
    await setFaults(c, [{ method: 'GET', path: '/api/v1/categories', status: 429, code: 'RATE_LIMITED', retry_after: 1, times: 50 }]);
    const before = arrivals(c);
    const reply = await categories();
    expectConsoleError(reply, 429, 'RATE_LIMITED');
    expect(reply.headers.get('retry-after')).toBe('1');
    // A read gives up within its 1.5 s budget (READ_RETRY): the first attempt and one after
    // the second the API asked for; the page then counts the rest down itself.
    expect(arrivals(c)).toBe(before + 2);
  });

  it('never answers 401 for the console key being refused upstream', async () => {
    await setFaults(c, [{ method: 'GET', path: '/api/v1/categories', status: 401, code: 'INVALID_API_KEY', times: 1 }]);
    const reply = await categories();
    expectConsoleError(reply, 502, 'UPSTREAM_CREDENTIALS_REJECTED');
    expect(reply.bytes.toString()).not.toContain('INVALID_API_KEY');
  });
});
