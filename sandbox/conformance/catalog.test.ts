import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { expectError, newIdemKey, startTestSandbox, type TestSandbox } from './harness.ts';

// Catalog reads (spec section 4 "Catalog"): every list and detail, pagination, filters,
// submission schemas per release and template content per version.

let sb: TestSandbox;
let key: string;
const SEEDED_CATEGORIES = 7; // six active and cat_travel_old, archived
const BULK = 55;
const TOTAL = SEEDED_CATEGORIES + BULK;

beforeAll(async () => {
  sb = await startTestSandbox();
  key = await sb.newKey();
  // Enough categories for several pages at every allowed size.
  for (let i = 1; i <= BULK; i++) {
    const res = await sb.call('POST', '/api/v1/categories', {
      key,
      idempotencyKey: newIdemKey(),
      body: { name: `Bulk ${String(i).padStart(2, '0')}` },
    });
    if (res.status !== 200) throw new Error(`setup create failed: ${res.status} ${res.bytes.toString()}`);
  }
});
afterAll(async () => sb?.close());

const get = (path: string) => sb.call('GET', path, { key });
const ids = (body: { data: { id: string }[] }) => body.data.map((d) => d.id);

describe('catalog lists and details', () => {
  const cases = [
    { segment: 'categories', seeded: 'cat_finance', total: TOTAL },
    { segment: 'request-templates', seeded: 'rt_expense', total: 6 },
    { segment: 'approval-workflows', seeded: 'wf_expense', total: 6 },
    { segment: 'request-forms', seeded: 'rf_expense', total: 6 },
    { segment: 'document-sign-templates', seeded: 'dst_nda', total: 5 },
  ];

  for (const c of cases) {
    it(`GET /${c.segment} lists with the pagination shape`, async () => {
      const res = await get(`/api/v1/${c.segment}`);
      expect(res.status).toBe(200);
      expect(res.body.pagination).toEqual({ page: 1, size: 25, total: c.total, pages: Math.ceil(c.total / 25) });
      expect(res.body.data).toHaveLength(Math.min(25, c.total));
      expect(ids(res.body)).toContain(c.seeded);
    });

    it(`GET /${c.segment}/{id} answers the record and 404 NOT_FOUND for an unknown id`, async () => {
      const res = await get(`/api/v1/${c.segment}/${c.seeded}`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(c.seeded);
      expect(typeof res.body.name).toBe('string');
      expectError(await get(`/api/v1/${c.segment}/${c.seeded}_nope`), 404, 'NOT_FOUND');
    });
  }

  it('serves the record fields the design names', async () => {
    const wf = (await get('/api/v1/approval-workflows/wf_expense')).body;
    expect(wf).toMatchObject({
      workflow_release_id: 'wf_expense@2',
      category_id: 'cat_finance',
      request_template_id: 'rt_expense',
    });
    expect(wf.releases.map((r: { workflow_release_id: string }) => r.workflow_release_id)).toEqual([
      'wf_expense@1',
      'wf_expense@2',
    ]);
    const dst = (await get('/api/v1/document-sign-templates/dst_nda')).body;
    expect(dst.versions.map((v: { id: string }) => v.id)).toEqual(['dstv_nda_1', 'dstv_nda_2']);
    expect(dst.current_version_id).toBe('dstv_nda_2');
  });

  it('shows the shared catalog to every app, and the categories an app created only to that app', async () => {
    const other = await sb.newKey({ scopes: ['catalog:read'] });
    const mine = await get('/api/v1/categories?size=100');
    const theirs = await sb.call('GET', '/api/v1/categories?size=100', { key: other });
    expect(theirs.body.pagination.total).toBe(SEEDED_CATEGORIES);
    expect(theirs.body.data).toEqual(
      mine.body.data.filter((c: { created_by_app_id: string | null }) => c.created_by_app_id === null),
    );
    for (const path of [
      '/api/v1/request-templates',
      '/api/v1/approval-workflows',
      '/api/v1/request-forms',
      '/api/v1/document-sign-templates',
    ]) {
      expect((await sb.call('GET', path, { key: other })).body).toEqual((await get(path)).body);
    }
  });
});

describe('pagination', () => {
  it('pages through every item once, in a stable order, at each allowed size', async () => {
    for (const size of [25, 50, 100]) {
      const pages = Math.ceil(TOTAL / size);
      const seen: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const res = await get(`/api/v1/categories?page=${page}&size=${size}`);
        expect(res.status).toBe(200);
        expect(res.body.pagination).toEqual({ page, size, total: TOTAL, pages });
        expect(res.body.data.length).toBe(page < pages ? size : TOTAL - size * (pages - 1));
        seen.push(...ids(res.body));
      }
      expect(new Set(seen).size).toBe(TOTAL);
    }
  });

  it('answers a page beyond the end with empty data and the true total', async () => {
    const res = await get('/api/v1/categories?page=4&size=25');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], pagination: { page: 4, size: 25, total: TOTAL, pages: 3 } });
  });

  it.each([
    ['size=10', 'size'],
    ['size=0', 'size'],
    ['size=abc', 'size'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=', 'page'],
  ])('refuses %s with 422 naming the parameter', async (query, field) => {
    const error = expectError(await get(`/api/v1/request-templates?${query}`), 422, 'VALIDATION_FAILED');
    expect(error.details?.map((d) => d.path)).toContain(field);
  });

  it('refuses a repeated parameter and an unknown one', async () => {
    expectError(await get('/api/v1/categories?page=1&page=2'), 422, 'VALIDATION_FAILED');
    expectError(await get('/api/v1/categories?size=25&size=25'), 422, 'VALIDATION_FAILED');
    const error = expectError(await get('/api/v1/request-templates?status=active'), 422, 'VALIDATION_FAILED');
    expect(error.details?.[0]?.path).toBe('status');
  });
});

describe('search and filters', () => {
  it('filters by q on name and id, case-insensitively', async () => {
    const byName = await get('/api/v1/categories?q=FINANCE');
    expect(ids(byName.body)).toEqual(['cat_finance']);
    expect(byName.body.pagination.total).toBe(1);
    const bulk = await get('/api/v1/categories?q=Bulk&size=100');
    expect(bulk.body.pagination.total).toBe(BULK);
    expect(ids((await get('/api/v1/approval-workflows?q=wf_leave')).body)).toEqual(['wf_leave']);
    expect(ids((await get('/api/v1/request-templates?q=leave')).body)).toEqual(['rt_leave']);
    expect(ids((await get('/api/v1/request-forms?q=rf_contract')).body)).toEqual(['rf_contract']);
    expect(ids((await get('/api/v1/document-sign-templates?q=offer')).body)).toEqual(['dst_offer']);
  });

  it('treats LIKE wildcards in q literally', async () => {
    const res = await get('/api/v1/categories?q=%25');
    expect(res.body.pagination.total).toBe(0);
  });

  it('accepts q of 100 characters and refuses 101', async () => {
    expect((await get(`/api/v1/categories?q=${'x'.repeat(100)}`)).body.pagination.total).toBe(0);
    const error = expectError(await get(`/api/v1/categories?q=${'x'.repeat(101)}`), 422, 'VALIDATION_FAILED');
    expect(error.details?.[0]?.path).toBe('q');
  });

  it('filters categories by status and refuses an unknown status', async () => {
    const archived = await get('/api/v1/categories?status=archived');
    expect(ids(archived.body)).toEqual(['cat_travel_old']);
    const active = await get('/api/v1/categories?status=active&size=100');
    expect(active.body.pagination.total).toBe(TOTAL - 1);
    expect(ids(active.body)).not.toContain('cat_travel_old');
    expectError(await get('/api/v1/categories?status=deleted'), 422, 'VALIDATION_FAILED');
    expectError(await get('/api/v1/categories?status=ACTIVE'), 422, 'VALIDATION_FAILED');
  });

  it('filters workflows by category, request template and status', async () => {
    expect(ids((await get('/api/v1/approval-workflows?category_id=cat_hr')).body)).toEqual(['wf_leave', 'wf_travel']);
    expect(ids((await get('/api/v1/approval-workflows?request_template_id=rt_expense')).body)).toEqual(['wf_expense']);
    expect(ids((await get('/api/v1/approval-workflows?category_id=cat_hr&request_template_id=rt_leave')).body)).toEqual([
      'wf_leave',
    ]);
    expect(ids((await get('/api/v1/approval-workflows?category_id=cat_finance&request_template_id=rt_leave')).body)).toEqual([]);
    expect((await get('/api/v1/approval-workflows?status=active')).body.pagination.total).toBe(6);
    expect((await get('/api/v1/approval-workflows?status=archived')).body.pagination.total).toBe(0);
    expectError(await get('/api/v1/approval-workflows?status=gone'), 422, 'VALIDATION_FAILED');
    expectError(await get(`/api/v1/approval-workflows?category_id=${'c'.repeat(101)}`), 422, 'VALIDATION_FAILED');
  });
});

describe('submission schemas', () => {
  it('answers each release with its own schema', async () => {
    const r1 = await get('/api/v1/approval-workflows/wf_expense/releases/1/submission-schema');
    const r2 = await get('/api/v1/approval-workflows/wf_expense/releases/2/submission-schema');
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ workflow_id: 'wf_expense', release: 1, workflow_release_id: 'wf_expense@1' });
    expect(r2.body).toMatchObject({ workflow_id: 'wf_expense', release: 2, workflow_release_id: 'wf_expense@2' });
    expect(Object.keys(r1.body.schema.properties)).not.toContain('cost_center');
    expect(Object.keys(r2.body.schema.properties)).toContain('cost_center');
    expect(r2.body.schema.required).toContain('cost_center');
    expect(r1.body.schema).not.toEqual(r2.body.schema);
    expect(r2.body.schema.properties.receipt).toMatchObject({ format: 'document' });
  });

  it('accepts the full workflow_release_id form', async () => {
    const res = await get('/api/v1/approval-workflows/wf_expense/releases/wf_expense@1/submission-schema');
    expect(res.status).toBe(200);
    expect(res.body.release).toBe(1);
  });

  it.each(['3', '0', '01', 'abc', 'wf_purchase@1', '-1'])('answers 404 for release %s of wf_expense', async (release) => {
    expectError(
      await get(`/api/v1/approval-workflows/wf_expense/releases/${encodeURIComponent(release)}/submission-schema`),
      404,
      'NOT_FOUND',
    );
  });

  it('answers 404 for an unknown workflow', async () => {
    expectError(await get('/api/v1/approval-workflows/wf_none/releases/1/submission-schema'), 404, 'NOT_FOUND');
  });
});

describe('document-sign template content', () => {
  const content = (id: string, version?: string) =>
    get(`/api/v1/document-sign-templates/${id}/content${version === undefined ? '' : `?version=${encodeURIComponent(version)}`}`);

  it('streams the source PDF of the addressed version', async () => {
    const v1 = await content('dst_nda', 'dstv_nda_1');
    const v2 = await content('dst_nda', 'dstv_nda_2');
    for (const res of [v1, v2]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(Number(res.headers.get('content-length'))).toBe(res.bytes.length);
      expect((await PDFDocument.load(res.bytes)).getPageCount()).toBe(3);
    }
    expect(v1.bytes.equals(v2.bytes)).toBe(false);
    expect(v1.headers.get('x-template-version-id')).toBe('dstv_nda_1');
  });

  it('serves the current version when no version is given', async () => {
    const current = await content('dst_nda');
    expect(current.status).toBe(200);
    expect(current.bytes.equals((await content('dst_nda', 'dstv_nda_2')).bytes)).toBe(true);
  });

  it('answers 404 for another template’s version id, an unknown version and an unknown template', async () => {
    expectError(await content('dst_nda', 'dstv_offer_1'), 404, 'NOT_FOUND');
    expectError(await content('dst_nda', 'dstv_nda_9'), 404, 'NOT_FOUND');
    expectError(await content('dst_nda', '2'), 404, 'NOT_FOUND');
    expectError(await content('dst_none', 'dstv_nda_1'), 404, 'NOT_FOUND');
  });

  it('refuses an empty or repeated version parameter', async () => {
    expectError(await content('dst_nda', ''), 422, 'VALIDATION_FAILED');
    expectError(
      await get('/api/v1/document-sign-templates/dst_nda/content?version=dstv_nda_1&version=dstv_nda_2'),
      422,
      'VALIDATION_FAILED',
    );
  });
});

// Last in this file: it resets the shared sandbox.
describe('list pages follow every write', () => {
  it('shows a record written outside the routes, and the catalog after a control-plane reset', async () => {
    const before = (await get('/api/v1/request-templates')).body.pagination.total;
    sb.sandbox.services.records.insert('request_template', {
      id: 'rt_direct',
      name: 'Written directly',
      description: '',
      status: 'active',
      category_id: 'cat_hr',
      form_version: 1,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    const after = await get('/api/v1/request-templates?q=rt_direct');
    expect(after.body.data.map((t: { id: string }) => t.id)).toEqual(['rt_direct']);
    expect((await get('/api/v1/request-templates')).body.pagination.total).toBe(before + 1);

    expect((await sb.control('/reset')).status).toBe(200);
    expect((await get('/api/v1/categories')).body.pagination.total).toBe(SEEDED_CATEGORIES);
    expect((await get('/api/v1/request-templates')).body.pagination.total).toBe(6);
  });
});
