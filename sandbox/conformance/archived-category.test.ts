import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessBody, leaveBody, leaveRequestInRevision, listTotal, newApp, reviewerAction, submitRequest, type TestApp } from './approval-fixtures.ts';
import { expectError, newIdemKey, startTestSandbox, type TestSandbox } from './harness.ts';

// What an archived category does to the workflows filed under it. The spec only lets a category
// be archived; DESIGN.md §3 decides the rest: an archived category starts nothing new (a new
// request on one of its workflows, submitted or a draft, is a 409 naming the category), and
// what already started keeps going.

let sb: TestSandbox;
let app: TestApp;
let started: { id: string; version: number };

beforeAll(async () => {
  sb = await startTestSandbox();
  app = await newApp(sb, { role: 'admin' });
  // Started before the archive: a leave request (category cat_hr) sent back for changes.
  started = await leaveRequestInRevision(sb, app.key);
  const archived = await sb.call('POST', '/api/v1/categories/cat_hr/archive', {
    key: app.key,
    idempotencyKey: newIdemKey(),
    body: { reason: 'HR moves to its own workspace' },
  });
  expect(archived.status).toBe(200);
});
afterAll(async () => sb?.close());

describe('a new request on a workflow of an archived category', () => {
  it('is refused with 409 CATEGORY_ARCHIVED naming the category, and nothing is created', async () => {
    const before = await listTotal(sb, app.key);
    const error = expectError(await submitRequest(sb, app.key, leaveBody()), 409, 'CATEGORY_ARCHIVED');
    expect(error.message).toContain('cat_hr');
    expect(error.message).toContain('wf_leave');
    expect(error.details).toEqual([expect.objectContaining({ path: 'workflow_id', category_id: 'cat_hr' })]);
    expect(await listTotal(sb, app.key)).toBe(before);
  });

  it('is refused as a draft too, and for every app', async () => {
    expectError(await submitRequest(sb, app.key, leaveBody({ submit: false })), 409, 'CATEGORY_ARCHIVED');
    const other = await newApp(sb);
    expectError(await submitRequest(sb, other.key, leaveBody()), 409, 'CATEGORY_ARCHIVED');
  });

  it('leaves the workflow active and workflows of other categories open', async () => {
    const workflow = await sb.call('GET', '/api/v1/approval-workflows/wf_leave', { key: app.key });
    expect(workflow.body).toMatchObject({ status: 'active', category_id: 'cat_hr' });
    expect((await submitRequest(sb, app.key, accessBody())).status).toBe(200);
  });
});

describe('a request started before the archive', () => {
  it('keeps going: its revision is saved, resubmitted and decided', async () => {
    const requirements = await sb.call('GET', `/api/v1/approval-requests/${started.id}/revision-requirements`, { key: app.key });
    expect(requirements.status).toBe(200);
    const form_data = { ...leaveBody().form_data, last_day: '2030-07-05', days_requested: 5 };
    const resubmitted = await sb.call('POST', `/api/v1/approval-requests/${started.id}/resubmit`, {
      key: app.key,
      idempotencyKey: newIdemKey(),
      body: { expected_version: started.version, expected_task_version: requirements.body.task.version, form_data },
    });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body).toMatchObject({ status: 'IN_PROGRESS' });
    expect((await reviewerAction(sb, started.id, { action: 'approve' })).status).toBe(200);
  });
});
