import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessBody, leaveBody, leaveRequestInRevision, listTotal, newApp, reviewerAction, submitRequest, type TestApp } from './approval-fixtures.ts';
import { expectError, newIdemKey, startTestSandbox, type TestSandbox } from './harness.ts';

// What an archived request form does. The spec only lets a form be archived; DESIGN.md §3
// decides the rest: nothing new starts with it (a new request on its workflow, submitted or
// saved as a draft, is a 409 naming the form), and what already started keeps going.

let sb: TestSandbox;
let app: TestApp;
let started: { id: string; version: number };

const archiveForm = (id: string) =>
  sb.call('POST', `/api/v1/request-forms/${id}/archive`, {
    key: app.key,
    idempotencyKey: newIdemKey(),
    body: { reason: 'Leave moves to the HR portal' },
  });

beforeAll(async () => {
  sb = await startTestSandbox();
  app = await newApp(sb);
  // Started before the archive: a leave request the reviewer sends back for changes.
  started = await leaveRequestInRevision(sb, app.key);
  expect((await archiveForm('rf_leave')).status).toBe(200);
});
afterAll(async () => sb?.close());

describe('a new request on the workflow of an archived request form', () => {
  it('is refused with 409 REQUEST_FORM_ARCHIVED naming the form, and nothing is created', async () => {
    const before = await listTotal(sb, app.key);
    const error = expectError(await submitRequest(sb, app.key, leaveBody()), 409, 'REQUEST_FORM_ARCHIVED');
    expect(error.message).toContain('rf_leave');
    expect(error.message).toContain('wf_leave');
    expect(error.details).toEqual([expect.objectContaining({ path: 'workflow_id', request_form_id: 'rf_leave' })]);
    expect(await listTotal(sb, app.key)).toBe(before);
  });

  it('is refused as a draft too: a draft is a new request all the same', async () => {
    expectError(await submitRequest(sb, app.key, leaveBody({ submit: false })), 409, 'REQUEST_FORM_ARCHIVED');
  });

  it('is refused for every app, since the catalog is shared', async () => {
    const other = await newApp(sb);
    expectError(await submitRequest(sb, other.key, leaveBody()), 409, 'REQUEST_FORM_ARCHIVED');
  });

  it('leaves the workflow itself active and other workflows open', async () => {
    const workflow = await sb.call('GET', '/api/v1/approval-workflows/wf_leave', { key: app.key });
    expect(workflow.body).toMatchObject({ status: 'active', request_form_id: 'rf_leave' });
    const form = await sb.call('GET', '/api/v1/request-forms/rf_leave', { key: app.key });
    expect(form.body).toMatchObject({
      status: 'archived',
      workflow_id: 'wf_leave',
      archive_reason: 'Leave moves to the HR portal',
    });
    const access = await submitRequest(sb, app.key, accessBody());
    expect(access.status).toBe(200);
  });
});

describe('a request started before the archive', () => {
  it('keeps going: its revision is saved, resubmitted and decided', async () => {
    const requirements = await sb.call('GET', `/api/v1/approval-requests/${started.id}/revision-requirements`, { key: app.key });
    expect(requirements.status).toBe(200);
    const form_data = { ...leaveBody().form_data, last_day: '2030-07-05', days_requested: 5 };
    const draft = await sb.call('PATCH', `/api/v1/approval-requests/${started.id}/revision-draft`, {
      key: app.key,
      idempotencyKey: newIdemKey(),
      body: { expected_version: started.version, expected_task_version: requirements.body.task.version, form_data },
    });
    expect(draft.status).toBe(200);
    const resubmitted = await sb.call('POST', `/api/v1/approval-requests/${started.id}/resubmit`, {
      key: app.key,
      idempotencyKey: newIdemKey(),
      body: { expected_version: draft.body.version, expected_task_version: draft.body.task.version, form_data },
    });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body).toMatchObject({ status: 'IN_PROGRESS', workflow_release_id: 'wf_leave@2' });
    expect((await reviewerAction(sb, started.id, { action: 'approve' })).status).toBe(200);
  });
});
