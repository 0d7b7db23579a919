import { afterAll, describe, expect, it } from 'vitest';
import type { SubmissionSchemaRecord, WorkflowRecord } from '../domain/catalog.ts';
import { expectError, newIdemKey, startTestSandbox, type TestSandbox } from './harness.ts';
import {
  accessBody,
  expenseBody,
  getDocument,
  getWorkflow,
  insertDocument,
  leaveBody,
  newApp,
  reviewerAction,
  submitRequest,
  type TestApp,
} from './approval-fixtures.ts';
import { appForFile, sandboxForFile } from './sandbox-for-file.ts';

const HOUR = 3_600_000;

const sb = sandboxForFile();
const app = appForFile(sb);

const read = async (id: string, key = app.key) => (await sb.call('GET', `/api/v1/approval-requests/${id}`, { key })).body;
const requirements = (id: string, key = app.key) =>
  sb.call('GET', `/api/v1/approval-requests/${id}/revision-requirements`, { key });
const draft = (id: string, body: unknown, key = app.key, idempotencyKey = newIdemKey()) =>
  sb.call('PATCH', `/api/v1/approval-requests/${id}/revision-draft`, { key, body, idempotencyKey });
const resubmit = (id: string, body: unknown, key = app.key, idempotencyKey = newIdemKey()) =>
  sb.call('POST', `/api/v1/approval-requests/${id}/resubmit`, { key, body, idempotencyKey });

const ASK = {
  action: 'request_revision',
  comment: 'Please fix the dates',
  requirements: [{ field_key: 'last_day', message: 'Ends on a Sunday' }, { message: 'Name a cover' }],
};

/** A leave request sent back for revision by its second layer (People team). */
async function inRevision(key = app.key) {
  const created = await submitRequest(sb, key, leaveBody());
  expect((await reviewerAction(sb, created.body.id, { action: 'approve', comment: 'ok' })).status).toBe(200);
  const asked = await reviewerAction(sb, created.body.id, ASK);
  expect(asked.status).toBe(200);
  return asked.body;
}

describe('reviewer simulation (control plane)', () => {
  it('approving every layer walks the workflow to APPROVED', async () => {
    const created = (await submitRequest(sb, app.key, leaveBody())).body;
    const first = await reviewerAction(sb, created.id, { action: 'approve', comment: 'fine by me' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'IN_PROGRESS',
      version: 2,
      current_layer: 2,
      current_layer_name: 'People team',
      remaining_approval_layers: [],
    });
    expect(first.body.sla).toMatchObject({ layer: 2, breached: false });
    expect(first.body.visited_steps).toHaveLength(2);
    expect(first.body.visited_steps[0]).toMatchObject({ layer: 1, decision: 'APPROVED', comment: 'fine by me' });
    expect(first.body.visited_steps[0].decided_at).toBe(first.body.visited_steps[1].entered_at);

    const done = (await reviewerAction(sb, created.id, { action: 'approve' })).body;
    expect(done).toMatchObject({ status: 'APPROVED', version: 3, current_layer: null, sla: null, revision_task: null });
    expect(done.completed_at).toBe(done.updated_at);
    expect(done).not.toHaveProperty('remaining_approval_layers');
    expect(done.decisions.map((d: { layer: number; decision: string }) => [d.layer, d.decision])).toEqual([
      [1, 'APPROVED'],
      [2, 'APPROVED'],
    ]);
    expect(await read(created.id)).toEqual(done);
    expectError(await reviewerAction(sb, created.id, { action: 'approve' }), 409, 'INVALID_TRANSITION');
  });

  it('reject ends the request: REJECTED, terminal, no remaining layers', async () => {
    const created = (await submitRequest(sb, app.key, accessBody())).body;
    const rejected = (await reviewerAction(sb, created.id, { action: 'reject', comment: 'No business need' })).body;
    expect(rejected).toMatchObject({ status: 'REJECTED', version: 2, current_layer: null, sla: null });
    expect(rejected).not.toHaveProperty('remaining_approval_layers');
    expect(rejected.decisions).toEqual([
      expect.objectContaining({ layer: 1, decision: 'REJECTED', comment: 'No business need' }),
    ]);
    for (const action of ['approve', 'reject'])
      expectError(await reviewerAction(sb, created.id, { action }), 409, 'INVALID_TRANSITION');
    expectError(
      await reviewerAction(sb, created.id, { action: 'request_revision', requirements: [{ message: 'More detail' }] }),
      409,
      'INVALID_TRANSITION',
    );
    expect((await read(created.id)).version).toBe(2);
  });

  it('request_revision opens a revision task (version 1) at the current layer', async () => {
    const r = await inRevision();
    expect(r).toMatchObject({ status: 'NEEDS_REVISION', version: 3, current_layer: 2, sla: null, remaining_approval_layers: [] });
    expect(r.revision_task).toMatchObject({
      version: 1,
      comment: 'Please fix the dates',
      requirements: ASK.requirements,
      draft: null,
    });
    expect(r.revision_task.id).toMatch(/^rvt_/);
    expect(r.visited_steps[1]).toMatchObject({ layer: 2, decision: 'REVISION_REQUESTED' });
  });

  it('acts only on IN_PROGRESS requests', async () => {
    const created = (await submitRequest(sb, app.key, accessBody({ submit: false }))).body;
    expectError(await reviewerAction(sb, created.id, { action: 'approve' }), 409, 'INVALID_TRANSITION');
    const revising = await inRevision();
    expectError(await reviewerAction(sb, revising.id, { action: 'approve' }), 409, 'INVALID_TRANSITION');
    expect((await read(created.id)).version).toBe(1);
  });

  it('takes a revision request without requirements: the requester reads the comment alone', async () => {
    const id = (await submitRequest(sb, app.key, leaveBody())).body.id;
    const asked = await reviewerAction(sb, id, { action: 'request_revision', comment: 'Add the ticket number' });
    expect(asked.status).toBe(200);
    expect(await read(id)).toMatchObject({ status: 'NEEDS_REVISION' });
    const task = await requirements(id);
    expect(task.status).toBe(200);
    expect(task.body).toMatchObject({ task: { requirements: [], comment: 'Add the ticket number' } });
  });

  it('validates the action body and needs the control token', async () => {
    const id = (await submitRequest(sb, app.key, leaveBody())).body.id;
    const bad: Record<string, unknown>[] = [
      { action: 'request_revision', requirements: [] },
      { action: 'request_revision', requirements: Array.from({ length: 21 }, () => ({ message: 'm' })) },
      { action: 'request_revision', requirements: [{ message: '' }] },
      { action: 'request_revision', requirements: [{ message: 'x'.repeat(501) }] },
      { action: 'request_revision', requirements: [{ field_key: 'not_a_field', message: 'm' }] },
      { action: 'approve', requirements: [{ message: 'm' }] },
      { action: 'approve', comment: 'x'.repeat(1001) },
      { action: 'escalate' },
      { action: 'approve', extra: 1 },
    ];
    for (const body of bad) expectError(await reviewerAction(sb, id, body), 422, 'VALIDATION_FAILED');
    expect(await read(id)).toMatchObject({ status: 'IN_PROGRESS', version: 1 });
    expectError(await reviewerAction(sb, 'ar_missing', { action: 'approve' }), 404, 'NOT_FOUND');
    expectError(
      await sb.call('POST', `/__sandbox/approval-requests/${id}/actions`, { key: app.key, body: { action: 'approve' } }),
      401,
      'CONTROL_TOKEN_INVALID',
    );
    expect((await reviewerAction(sb, id, { action: 'approve', comment: 'x'.repeat(1000) })).status).toBe(200);
  });
});

describe('revision requirements', () => {
  it('are readable only in NEEDS_REVISION', async () => {
    const r = await inRevision();
    const res = await requirements(r.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      request_id: r.id,
      version: 3,
      draft: null,
      task: {
        id: r.revision_task.id,
        version: 1,
        requirements: ASK.requirements,
        comment: ASK.comment,
        requested_at: r.revision_task.requested_at,
      },
    });
    const active = (await submitRequest(sb, app.key, accessBody())).body;
    expectError(await requirements(active.id), 409, 'NOT_IN_REVISION');
    const drafted = (await submitRequest(sb, app.key, accessBody({ submit: false }))).body;
    expectError(await requirements(drafted.id), 409, 'NOT_IN_REVISION');
    const other = await newApp(sb);
    expectError(await requirements(r.id, other.key), 404, 'NOT_FOUND');
    const viewer = await newApp(sb, { role: 'viewer', scopes: ['requests:read'] });
    expectError(await requirements(r.id, viewer.key), 404, 'NOT_FOUND');
  });
});

describe('revision draft', () => {
  it('refuses stale versions with 409 VERSION_CONFLICT carrying the current versions', async () => {
    const r = await inRevision();
    const form = { last_day: '2030-07-11' };
    for (const [ev, etv] of [
      [2, 1],
      [3, 2],
      [4, 0 + 1],
    ]) {
      const error = expectError(
        await draft(r.id, { expected_version: ev, expected_task_version: etv, form_data: form }),
        409,
        'VERSION_CONFLICT',
      );
      expect(error.details).toEqual([
        expect.objectContaining({ path: 'expected_version', current: 3 }),
        expect.objectContaining({ path: 'expected_task_version', current: 1 }),
      ]);
    }
    expect((await read(r.id)).version).toBe(3);
  });

  it('saves a partial draft with the right versions and bumps both', async () => {
    const r = await inRevision();
    const res = await draft(r.id, { expected_version: 3, expected_task_version: 1, form_data: { last_day: '2030-07-11' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      request_id: r.id,
      version: 4,
      task: { version: 2 },
      draft: { form_data: { last_day: '2030-07-11' }, documents: [] },
    });
    expect((await requirements(r.id)).body).toEqual(res.body);
    const after = await read(r.id);
    expect(after).toMatchObject({ status: 'NEEDS_REVISION', version: 4, form_data: r.form_data });
    // the versions just used are now stale
    const error = expectError(
      await draft(r.id, { expected_version: 3, expected_task_version: 1, form_data: {} }),
      409,
      'VERSION_CONFLICT',
    );
    expect(error.details!.map((d) => (d as { current?: number }).current)).toEqual([4, 2]);
  });

  it('still checks types, enums, dates and unknown keys of a draft', async () => {
    const r = await inRevision();
    for (const form_data of [
      { days_requested: 'ten' },
      { leave_type: 'gap-year' },
      { first_day: '2030-13-01' },
      { surprise: true },
    ]) {
      const error = expectError(
        await draft(r.id, { expected_version: 3, expected_task_version: 1, form_data }),
        422,
        'VALIDATION_FAILED',
      );
      expect(error.details![0]!.path).toBe(`form_data.${Object.keys(form_data)[0]}`);
    }
    expectError(await draft(r.id, { expected_version: 3, form_data: {} }), 422, 'VALIDATION_FAILED');
    expectError(await draft(r.id, { expected_version: '3', expected_task_version: 1, form_data: {} }), 422, 'VALIDATION_FAILED');
    expectError(
      await sb.call('PATCH', `/api/v1/approval-requests/${r.id}/revision-draft`, { key: app.key, body: {} }),
      422,
      'IDEMPOTENCY_KEY_MISSING',
    );
    expect((await read(r.id)).version).toBe(3);
  });

  it('is refused outside NEEDS_REVISION, for a viewer, and for another app', async () => {
    const active = (await submitRequest(sb, app.key, accessBody())).body;
    expectError(await draft(active.id, { expected_version: 1, expected_task_version: 1, form_data: {} }), 409, 'NOT_IN_REVISION');
    const owner = await newApp(sb);
    const r = await inRevision(owner.key);
    const body = { expected_version: 3, expected_task_version: 1, form_data: {} };
    expectError(await draft(r.id, body), 404, 'NOT_FOUND');
    const viewer = await newApp(sb, { role: 'viewer' });
    expectError(await draft(r.id, body, viewer.key), 403, 'REQUESTER_NOT_AUTHORIZED');
    expectError(await resubmit(r.id, body, viewer.key), 403, 'REQUESTER_NOT_AUTHORIZED');
  });
});

describe('resubmission', () => {
  const fixed = {
    first_day: '2030-07-01',
    last_day: '2030-07-11',
    leave_type: 'annual',
    days_requested: 9,
    handover_contact: 'cover@example.com',
  };

  it('returns to the layer that asked, with request_revision + 1 and a new SLA', async () => {
    const r = await inRevision();
    const res = await resubmit(r.id, { expected_version: 3, expected_task_version: 1, form_data: fixed });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(b).toMatchObject({
      status: 'IN_PROGRESS',
      version: 4,
      request_revision: 1,
      revision_task: null,
      current_layer: 2,
      form_data: fixed,
      remaining_approval_layers: [],
    });
    expect(b.visited_steps.map((s: { layer: number; decision: string | null }) => [s.layer, s.decision])).toEqual([
      [1, 'APPROVED'],
      [2, 'REVISION_REQUESTED'],
      [2, null],
    ]);
    expect(b.sla).toEqual({
      layer: 2,
      due_at: new Date(Date.parse(b.visited_steps[2].entered_at) + 24 * HOUR).toISOString(),
      breached: false,
    });
    expectError(
      await resubmit(r.id, { expected_version: 4, expected_task_version: 1, form_data: fixed }),
      409,
      'NOT_IN_REVISION',
    );
    expectError(await requirements(r.id), 409, 'NOT_IN_REVISION');
    expect((await reviewerAction(sb, r.id, { action: 'approve' })).body).toMatchObject({ status: 'APPROVED', version: 5 });
  });

  it('validates fully (required fields) and refuses stale versions', async () => {
    const r = await inRevision();
    const { days_requested: _omit, ...partial } = fixed;
    const error = expectError(
      await resubmit(r.id, { expected_version: 3, expected_task_version: 1, form_data: partial }),
      422,
      'VALIDATION_FAILED',
    );
    expect(error.details).toEqual([expect.objectContaining({ path: 'form_data.days_requested', message: 'required' })]);
    expectError(
      await resubmit(r.id, { expected_version: 3, expected_task_version: 2, form_data: fixed }),
      409,
      'VERSION_CONFLICT',
    );
    expect(await read(r.id)).toMatchObject({ status: 'NEEDS_REVISION', version: 3, request_revision: 0 });
  });

  it('a draft then a resubmit: the draft bumps the versions the resubmit must send', async () => {
    const r = await inRevision();
    await draft(r.id, { expected_version: 3, expected_task_version: 1, form_data: { days_requested: 9 } });
    expectError(
      await resubmit(r.id, { expected_version: 3, expected_task_version: 1, form_data: fixed }),
      409,
      'VERSION_CONFLICT',
    );
    expect((await resubmit(r.id, { expected_version: 4, expected_task_version: 2, form_data: fixed })).body).toMatchObject({
      version: 5,
      request_revision: 1,
    });
  });

  it('replays an idempotent retry without resubmitting twice', async () => {
    const r = await inRevision();
    const key = newIdemKey();
    const body = { expected_version: 3, expected_task_version: 1, form_data: fixed };
    const first = await resubmit(r.id, body, app.key, key);
    const again = await resubmit(r.id, body, app.key, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await read(r.id)).toMatchObject({ version: 4, request_revision: 1 });
  });

  it('replaces documents and protects the new ones; a foreign document is refused', async () => {
    const receipt = insertDocument(sb, app.appId);
    const created = (await submitRequest(sb, app.key, expenseBody(receipt))).body;
    await reviewerAction(sb, created.id, {
      action: 'request_revision',
      requirements: [{ field_key: 'receipt', message: 'Unreadable scan' }],
    });
    const other = await newApp(sb);
    const foreign = insertDocument(sb, other.appId);
    const base = { expected_version: 2, expected_task_version: 1, form_data: created.form_data };
    const refused = expectError(
      await resubmit(created.id, { ...base, documents: [{ document_id: foreign, field_key: 'receipt', name: 'R' }] }),
      422,
    );
    expect(refused.details![0]!.path).toBe('documents.0.document_id');
    const missing = expectError(await resubmit(created.id, { ...base, documents: [] }), 422);
    expect(missing.details![0]).toMatchObject({ path: 'documents', field_key: 'receipt' });
    const rescan = insertDocument(sb, app.appId);
    const res = await resubmit(created.id, {
      ...base,
      documents: [{ document_id: rescan, field_key: 'receipt', name: 'Clear scan' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.documents).toEqual([{ document_id: rescan, field_key: 'receipt', name: 'Clear scan' }]);
    expect(getDocument(sb, rescan).protected).toBe(true);
    expect(getDocument(sb, receipt).protected).toBe(true);
    expect(getDocument(sb, foreign).protected).toBe(false);
  });
});

describe('SLA', () => {
  it('is breached once the sandbox clock passes entered_at + sla_hours', async () => {
    const created = (await submitRequest(sb, app.key, accessBody())).body;
    expect(created.sla).toMatchObject({ layer: 1, breached: false });
    expect(Date.parse(created.sla.due_at) - Date.parse(created.visited_steps[0].entered_at)).toBe(8 * HOUR);
    expect((await sb.control('/clock', { advance_seconds: 7 * 3600 })).status).toBe(200);
    expect((await read(created.id)).sla.breached).toBe(false);
    await sb.control('/clock', { advance_seconds: 3600 + 5 });
    expect((await read(created.id)).sla).toEqual({ ...created.sla, breached: true });
    const listed = await sb.call('GET', `/api/v1/approval-requests?q=${created.id}`, { key: app.key });
    expect(listed.body.data[0].sla.breached).toBe(true);
  });
});

describe('pinned release snapshot', () => {
  let own: TestSandbox;
  afterAll(async () => own?.close());

  it("resubmission validates against the request's own release, after a new release and archiving", async () => {
    own = await startTestSandbox();
    const me = await newApp(own);
    const created = (await submitRequest(own, me.key, leaveBody())).body;
    await reviewerAction(own, created.id, ASK);

    // The platform publishes release 3 (a new required field), then archives the workflow.
    const { records } = own.sandbox.services;
    const wf = getWorkflow(own, 'wf_leave');
    const v2 = records.get<SubmissionSchemaRecord>('submission_schema', 'wf_leave@2')!;
    records.insert<SubmissionSchemaRecord>('submission_schema', {
      ...v2,
      id: 'wf_leave@3',
      release: 3,
      schema: {
        ...v2.schema,
        properties: { ...v2.schema.properties, approver_note: { type: 'string', title: 'Note' } },
        required: [...v2.schema.required, 'approver_note'],
      },
    });
    const r3 = {
      release: 3,
      workflow_release_id: 'wf_leave@3',
      form_version: 3,
      published_version: 3,
      published_at: new Date().toISOString(),
    };
    records.update<WorkflowRecord>('approval_workflow', {
      ...wf,
      releases: [...wf.releases, r3],
      current_release: 3,
      workflow_release_id: 'wf_leave@3',
      form_version: 3,
      published_version: 3,
    });
    expectError(await submitRequest(own, me.key, leaveBody()), 409, 'STALE_WORKFLOW_RELEASE');
    records.update<WorkflowRecord>('approval_workflow', {
      ...getWorkflow(own, 'wf_leave'),
      status: 'archived',
      archived_at: new Date().toISOString(),
      archive_reason: 'replaced',
    });
    expectError(await submitRequest(own, me.key, leaveBody({ workflow_release_id: 'wf_leave@3' })), 409, 'WORKFLOW_ARCHIVED');

    const form = { ...created.form_data, days_requested: 8 };
    const withNewField = expectError(await resubmit2(own, me, created.id, { ...form, approver_note: 'hi' }), 422);
    expect(withNewField.details![0]!.path).toBe('form_data.approver_note');
    const res = await resubmit2(own, me, created.id, form);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'IN_PROGRESS',
      workflow_release_id: 'wf_leave@2',
      form_version: 2,
      published_version: 2,
      request_revision: 1,
    });
    expect(res.body.approval_layers.map((l: { name: string }) => l.name)).toEqual(['Line manager', 'People team']);
  });
});

const resubmit2 = (box: TestSandbox, who: TestApp, id: string, form_data: unknown) =>
  box.call('POST', `/api/v1/approval-requests/${id}/resubmit`, {
    key: who.key,
    body: { expected_version: 2, expected_task_version: 1, form_data },
    idempotencyKey: newIdemKey(),
  });
