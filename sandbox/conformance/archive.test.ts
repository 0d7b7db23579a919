import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, newIdemKey, startTestSandbox, type TestSandbox } from './harness.ts';

// Archiving approval workflows and request forms (spec section 3 rule 2, section 4).

let sb: TestSandbox;
let key: string;
let appId: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  appId = 'app_archive_tests';
  key = await sb.newKey({ appId });
});
afterAll(async () => sb?.close());

const archive = (path: string, body: unknown = { reason: 'Replaced by a new process' }, k = key) =>
  sb.call('POST', `/api/v1/${path}/archive`, { key: k, idempotencyKey: newIdemKey(), body });
const read = (path: string) => sb.call('GET', `/api/v1/${path}`, { key });
const putRequest = (id: string, workflowId: string, status: string, owner = appId) =>
  sb.sandbox.services.records.insert('approval_request', { id, workflow_id: workflowId, status }, owner);

describe('POST /api/v1/approval-workflows/{id}/archive', () => {
  it('archives an unused workflow and keeps its releases and schemas readable', async () => {
    const res = await archive('approval-workflows/wf_access', { reason: 'Moved to the IT portal' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'wf_access', status: 'archived', archive_reason: 'Moved to the IT portal' });
    expect(Date.parse(res.body.archived_at)).not.toBeNaN();

    const detail = await read('approval-workflows/wf_access');
    expect(detail.body).toMatchObject({ status: 'archived', workflow_release_id: 'wf_access@2' });
    expect(detail.body.releases).toHaveLength(2);
    for (const release of [1, 2]) {
      const schema = await read(`approval-workflows/wf_access/releases/${release}/submission-schema`);
      expect(schema.status).toBe(200);
      expect(schema.body).toMatchObject({ workflow_release_id: `wf_access@${release}`, workflow_status: 'archived' });
    }
    const archived = await read('approval-workflows?status=archived');
    expect(archived.body.data.map((w: { id: string }) => w.id)).toEqual(['wf_access']);
  });

  it('answers 409 ALREADY_ARCHIVED the second time', async () => {
    expectError(await archive('approval-workflows/wf_access'), 409, 'ALREADY_ARCHIVED');
  });

  it.each(['DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION'])(
    'refuses with 409 WORKFLOW_IN_USE while a request is %s',
    async (status) => {
      const ar = `ar_${status.toLowerCase()}`;
      putRequest(ar, 'wf_contract', status);
      try {
        const error = expectError(await archive('approval-workflows/wf_contract'), 409, 'WORKFLOW_IN_USE');
        expect(error.message).toContain('wf_contract');
        expect((await read('approval-workflows/wf_contract')).body.status).toBe('active');
      } finally {
        sb.sandbox.services.records.delete('approval_request', ar);
      }
    },
  );

  it('counts requests of every app, and lets the archive through once they have finished', async () => {
    putRequest('ar_test', 'wf_expense', 'IN_PROGRESS', 'app_somebody_else');
    expectError(await archive('approval-workflows/wf_expense'), 409, 'WORKFLOW_IN_USE');
    // A finished request no longer pins the workflow.
    sb.sandbox.services.records.update('approval_request', { id: 'ar_test', workflow_id: 'wf_expense', status: 'APPROVED' });
    const res = await archive('approval-workflows/wf_expense');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('archived');
  });

  it('is not blocked by requests of another workflow', async () => {
    putRequest('ar_other_wf', 'wf_purchase', 'IN_PROGRESS');
    expect((await archive('approval-workflows/wf_leave')).status).toBe(200);
    expectError(await archive('approval-workflows/wf_purchase'), 409, 'WORKFLOW_IN_USE');
  });

  it('answers 404 for an unknown workflow', async () => {
    expectError(await archive('approval-workflows/wf_nope'), 404, 'NOT_FOUND');
  });

  it.each([
    ['no body', undefined],
    ['no reason', {}],
    ['a blank reason', { reason: '' }],
    ['a 501-character reason', { reason: 'x'.repeat(501) }],
    ['an unknown property', { reason: 'ok', cascade: true }],
  ])('refuses %s with 422 and leaves the workflow active', async (_label, body) => {
    const res = await sb.call('POST', '/api/v1/approval-workflows/wf_travel/archive', {
      key,
      idempotencyKey: newIdemKey(),
      body,
    });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect((await read('approval-workflows/wf_travel')).body.status).toBe('active');
  });
});

describe('POST /api/v1/request-forms/{id}/archive', () => {
  it('archives a request form with its reason', async () => {
    const res = await archive('request-forms/rf_leave', { reason: 'Form retired' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'rf_leave', status: 'archived', archive_reason: 'Form retired' });
    expect((await read('request-forms/rf_leave')).body.status).toBe('archived');
  });

  it('answers 409 ALREADY_ARCHIVED, 404 for an unknown form and 422 for a bad reason', async () => {
    expectError(await archive('request-forms/rf_leave'), 409, 'ALREADY_ARCHIVED');
    expectError(await archive('request-forms/rf_nope'), 404, 'NOT_FOUND');
    expectError(await archive('request-forms/rf_travel', { reason: 12 }), 422, 'VALIDATION_FAILED');
    expect((await read('request-forms/rf_travel')).body.status).toBe('active');
  });
});

describe('scope', () => {
  it('needs workflows:archive for both archives', async () => {
    const k = await sb.newKey({ scopes: ['catalog:read', 'categories:write'] });
    expectError(await archive('approval-workflows/wf_travel', undefined, k), 403, 'INSUFFICIENT_SCOPE');
    expectError(await archive('request-forms/rf_travel', undefined, k), 403, 'INSUFFICIENT_SCOPE');
    expect((await read('approval-workflows/wf_travel')).body.status).toBe('active');
  });

  it('needs an Idempotency-Key', async () => {
    const res = await sb.call('POST', '/api/v1/request-forms/rf_travel/archive', { key, body: { reason: 'no key' } });
    expectError(res, 422, 'IDEMPOTENCY_KEY_MISSING');
  });
});
