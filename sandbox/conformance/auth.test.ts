import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError, newIdemKey, type TestSandbox } from './harness.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

// Spec section 5 (key, environment header, scopes), the production-host rule of section 1,
// rate limiting (429) and injected faults, on the catalog, category and archive routes.

const sb = sandboxForFile();
let key: string;

beforeAll(async () => {
  key = await sb.newKey();
});

const CATALOG_READS = [
  '/api/v1/categories',
  '/api/v1/categories/cat_finance',
  '/api/v1/request-templates',
  '/api/v1/request-templates/rt_expense',
  '/api/v1/approval-workflows',
  '/api/v1/approval-workflows/wf_expense',
  '/api/v1/approval-workflows/wf_expense/releases/2/submission-schema',
  '/api/v1/request-forms',
  '/api/v1/request-forms/rf_expense',
  '/api/v1/document-sign-templates',
  '/api/v1/document-sign-templates/dst_nda',
  '/api/v1/document-sign-templates/dst_nda/content?version=dstv_nda_1',
];

const MANAGEMENT: { path: string; body: unknown }[] = [
  { path: '/api/v1/categories', body: { name: 'Management call' } },
  { path: '/api/v1/categories/cat_it/archive', body: { reason: 'management call' } },
  { path: '/api/v1/approval-workflows/wf_leave/archive', body: { reason: 'management call' } },
  { path: '/api/v1/request-forms/rf_leave/archive', body: { reason: 'management call' } },
];

describe('API key', () => {
  it.each(CATALOG_READS)('GET %s: 401 without a key, 401 with an unknown one, 200 with a valid one', async (path) => {
    expectError(await sb.call('GET', path), 401, 'UNAUTHENTICATED');
    expectError(await sb.call('GET', path, { key: 'sk_sandbox_not_a_real_key' }), 401, 'INVALID_API_KEY');
    expect((await sb.call('GET', path, { key })).status).toBe(200);
  });

  it('refuses other authorization schemes and a malformed Bearer', async () => {
    for (const authorization of [
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      'Bearer',
      `Bearer ${key} extra`,
      `Token ${key}`,
    ]) {
      expectError(await sb.call('GET', '/api/v1/categories', { headers: { authorization } }), 401);
    }
  });

  it('answers 401 on management routes too, before looking at the body', async () => {
    for (const m of MANAGEMENT) {
      expectError(await sb.call('POST', m.path, { idempotencyKey: newIdemKey(), body: m.body }), 401, 'UNAUTHENTICATED');
    }
  });
});

describe('X-Service-Environment', () => {
  it.each(CATALOG_READS)('GET %s: 403 when the header is missing or not "sandbox"', async (path) => {
    expectError(await sb.call('GET', path, { key, env: false }), 403, 'ENVIRONMENT_NOT_ALLOWED');
    expectError(
      await sb.call('GET', path, { key, headers: { 'x-service-environment': 'production' } }),
      403,
      'ENVIRONMENT_NOT_ALLOWED',
    );
    expectError(
      await sb.call('GET', path, { key, headers: { 'x-service-environment': 'Sandbox' } }),
      403,
      'ENVIRONMENT_NOT_ALLOWED',
    );
  });

  it('is required on management routes', async () => {
    for (const m of MANAGEMENT) {
      const res = await sb.call('POST', m.path, { key, env: false, idempotencyKey: newIdemKey(), body: m.body });
      expectError(res, 403, 'ENVIRONMENT_NOT_ALLOWED');
    }
  });
});

describe('scopes', () => {
  it('refuses catalog reads without catalog:read', async () => {
    const k = await sb.newKey({ scopes: ['categories:write', 'workflows:archive'] });
    for (const path of CATALOG_READS) expectError(await sb.call('GET', path, { key: k }), 403, 'INSUFFICIENT_SCOPE');
  });

  it('refuses each management route without its own scope', async () => {
    const reader = await sb.newKey({ scopes: ['catalog:read'] });
    for (const m of MANAGEMENT) {
      const res = await sb.call('POST', m.path, { key: reader, idempotencyKey: newIdemKey(), body: m.body });
      expectError(res, 403, 'INSUFFICIENT_SCOPE');
    }
    const categoriesOnly = await sb.newKey({ scopes: ['categories:write'] });
    const res = await sb.call('POST', '/api/v1/approval-workflows/wf_leave/archive', {
      key: categoriesOnly,
      idempotencyKey: newIdemKey(),
      body: { reason: 'wrong scope' },
    });
    expectError(res, 403, 'INSUFFICIENT_SCOPE');
    expect((await sb.call('GET', '/api/v1/approval-workflows/wf_leave', { key })).body.status).toBe('active');
  });
});

describe('production host', () => {
  afterEach(async () => {
    await sb.control('/mode', { production: false });
  });

  it('answers 503 SANDBOX_API_DISABLED on management routes while reads keep working', async () => {
    const before = (await sb.call('GET', '/api/v1/categories', { key })).body.pagination.total;
    expect((await sb.control('/mode', { production: true })).body).toEqual({ production: true });
    for (const m of MANAGEMENT) {
      expectError(
        await sb.call('POST', m.path, { key, idempotencyKey: newIdemKey(), body: m.body }),
        503,
        'SANDBOX_API_DISABLED',
      );
    }
    for (const path of CATALOG_READS) expect((await sb.call('GET', path, { key })).status).toBe(200);
    expect((await sb.call('GET', '/api/v1/categories', { key })).body.pagination.total).toBe(before);
    expect((await sb.call('GET', '/api/v1/categories/cat_it', { key })).body.status).toBe('active');

    await sb.control('/mode', { production: false });
    const created = await sb.call('POST', '/api/v1/categories', {
      key,
      idempotencyKey: newIdemKey(),
      body: { name: 'After production' },
    });
    expect(created.status).toBe(200);
  });
});

describe('rate limiting', () => {
  it('answers 429 RATE_LIMITED with Retry-After once the burst is spent, per key', async () => {
    const limited = await sb.newKey({ ratePerMinute: 60 });
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<TestSandbox['call']>> | null = null;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await sb.call('GET', '/api/v1/categories', { key: limited });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(refused).not.toBeNull();
    expectError(refused!, 429, 'RATE_LIMITED');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // 60 a minute allows a burst of 10 (at least); a little refill may add one more.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(12);
    // Another key is not affected.
    expect((await sb.call('GET', '/api/v1/categories', { key })).status).toBe(200);
  });
});

describe('fault injection', () => {
  afterEach(async () => {
    await sb.control('/faults', { rules: [] });
  });

  it('answers an injected fault once, then normally', async () => {
    const set = await sb.control('/faults', {
      rules: [{ method: 'GET', path: '/api/v1/categories', status: 503, code: 'UPSTREAM_BUSY', retry_after: 7, times: 1 }],
    });
    expect(set.status).toBe(200);
    const faulted = await sb.call('GET', '/api/v1/categories', { key });
    expectError(faulted, 503, 'UPSTREAM_BUSY');
    expect(faulted.headers.get('retry-after')).toBe('7');
    const next = await sb.call('GET', '/api/v1/categories', { key });
    expect(next.status).toBe(200);
    expect(next.body.pagination.total).toBeGreaterThan(0);
  });

  it('applies a fault to a management route without changing state', async () => {
    await sb.control('/faults', {
      rules: [{ method: 'POST', path: '/api/v1/categories/*', status: 503, code: 'MAINTENANCE', times: 1 }],
    });
    const res = await sb.call('POST', '/api/v1/categories/cat_hr/archive', {
      key,
      idempotencyKey: newIdemKey(),
      body: { reason: 'fault test' },
    });
    expectError(res, 503, 'MAINTENANCE');
    expect((await sb.call('GET', '/api/v1/categories/cat_hr', { key })).body.status).toBe('active');
  });
});
