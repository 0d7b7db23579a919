import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { expectError } from './harness.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

const sb = sandboxForFile();

describe('pipeline', () => {
  it('answers an unknown route with 404 ROUTE_NOT_FOUND in the agreed error shape', async () => {
    const error = expectError(await sb.call('GET', '/api/v1/nothing-here'), 404, 'ROUTE_NOT_FOUND');
    expect(error.request_id).toMatch(/^req_/);
  });

  it('answers the retired /api/v1/requests with 410 ENDPOINT_RETIRED, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      expectError(await sb.call(method, '/api/v1/requests'), 410, 'ENDPOINT_RETIRED');
    }
    expectError(await sb.call('GET', '/api/v1/requests/r_1?x=1'), 410, 'ENDPOINT_RETIRED');
  });

  it('keeps the control plane behind its token', async () => {
    expectError(
      await sb.call('POST', '/__sandbox/keys', { body: { app_id: 'abc', scopes: ['catalog:read'] }, env: false }),
      401,
      'CONTROL_TOKEN_INVALID',
    );
    const key = await sb.newKey();
    expectError(await sb.call('POST', '/__sandbox/clock', { key, body: { advance_seconds: 5 } }), 401, 'CONTROL_TOKEN_INVALID');
  });

  it('validates control-plane bodies', async () => {
    expectError(await sb.control('/keys', { app_id: 'x', scopes: [] }), 422, 'VALIDATION_FAILED');
    expectError(await sb.control('/keys', { app_id: 'app_ok', scopes: ['catalog:read'], extra: 1 }), 422, 'VALIDATION_FAILED');
    expectError(await sb.control('/clock', { advance_seconds: -1 }), 422, 'VALIDATION_FAILED');
    expectError(await sb.control('/faults', { rules: [{ path: '/x', status: 42 }] }), 422, 'VALIDATION_FAILED');
  });

  it('counts the API requests each app made, for benchmarks (control plane only)', async () => {
    const appId = `stats_${randomBytes(4).toString('hex')}`;
    const key = await sb.newKey({ appId });
    await sb.call('GET', '/api/v1/categories', { key });
    await sb.call('GET', '/api/v1/request-forms', { key });
    const stats = await sb.call('GET', '/__sandbox/stats', { headers: { 'x-sandbox-control': sb.controlToken }, env: false });
    expect(stats.status).toBe(200);
    expect(stats.body.requests_by_app[appId]).toBe(2);
    expectError(await sb.call('GET', '/__sandbox/stats', { key }), 401, 'CONTROL_TOKEN_INVALID');
  });

  it('reports how many times a counted fault will still fire', async () => {
    const key = await sb.newKey();
    await sb.control('/faults', {
      rules: [
        { method: 'GET', path: '/api/v1/request-forms', status: 503, times: 2 },
        { path: '/api/v1/nothing', status: 500 },
      ],
    });
    expectError(await sb.call('GET', '/api/v1/request-forms', { key }), 503);
    const read = await sb.call('GET', '/__sandbox/faults', { headers: { 'x-sandbox-control': sb.controlToken }, env: false });
    expect(read.body.rules[0]).toMatchObject({ path: '/api/v1/request-forms', times: 2, remaining: 1 });
    expect(read.body.rules[1].remaining).toBeUndefined();
    await sb.control('/faults', { rules: [] });
  });

  it('moves the clock forward through the control plane', async () => {
    const before = Date.parse(
      (await sb.call('GET', '/__sandbox/clock', { headers: { 'x-sandbox-control': sb.controlToken }, env: false })).body.now,
    );
    const res = await sb.control('/clock', { advance_seconds: 3600 });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.now) - before).toBeGreaterThanOrEqual(3600_000);
    // Every answer's Date is the sandbox's clock, so clients following the API's clock see the move.
    const read = await sb.call('GET', '/api/v1/categories');
    const date = Date.parse(read.headers.get('date') ?? '');
    expect(Math.abs(date - Date.parse(res.body.now))).toBeLessThan(5_000);
    expect(date - Date.now()).toBeGreaterThan(3590_000);
  });
});
