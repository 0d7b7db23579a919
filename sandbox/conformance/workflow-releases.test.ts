import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapId } from '../http/dialect-ids.ts';
import { cloneWorkflow, leaveBody, newApp, submitRequest } from './approval-fixtures.ts';
import { SUITE_DIALECT, expectError, newIdemKey, startTestSandbox } from './harness.ts';
import { appForFile, sandboxForFile } from './sandbox-for-file.ts';

// POST /__sandbox/approval-workflows/{id}/releases (DESIGN.md section 4): the platform publishes
// a new release, the previous one turns stale for new submissions, and what already started
// keeps its snapshot. Each test works on its own copy of wf_leave, so none sees another's release.

const sb = sandboxForFile();
const app = appForFile(sb);

const publish = (id: string, body?: unknown, on = sb) => on.control(`/approval-workflows/${id}/releases`, body);
const workflow = async (id: string, on = sb, key = app.key) =>
  (await on.call('GET', `/api/v1/approval-workflows/${id}`, { key })).body;
const schemaOf = (id: string, release: number, on = sb, key = app.key) =>
  on.call('GET', `/api/v1/approval-workflows/${id}/releases/${release}/submission-schema`, { key });
const leaveOn = (id: string, release: number, over: Record<string, unknown> = {}) =>
  leaveBody({ workflow_id: id, workflow_release_id: `${id}@${release}`, ...over });
const freshLeave = (on = sb) => cloneWorkflow(on, 'wf_leave').id;

const NEW_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  title: 'Leave approval — release 3',
  properties: {
    first_day: { type: 'string', format: 'date', title: 'First day of leave' },
    days_requested: { type: 'integer', title: 'Working days requested', minimum: 1, maximum: 30 },
    cover: { type: 'string', title: 'Who covers', minLength: 2, maxLength: 80 },
  },
  required: ['first_day', 'cover'],
  additionalProperties: false,
};

describe('publishing without a schema', () => {
  it('answers 201 with the workflow at its new release, and the old release turns stale', async () => {
    const id = freshLeave();
    const before = await workflow(id);
    const res = await publish(id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id,
      status: 'active',
      current_release: 3,
      workflow_release_id: `${id}@3`,
      form_version: before.form_version,
      published_version: before.published_version + 1,
    });
    expect(res.body.releases.map((r: { workflow_release_id: string }) => r.workflow_release_id)).toEqual([
      `${id}@1`,
      `${id}@2`,
      `${id}@3`,
    ]);
    expect(res.body.published_at).toBe(res.body.releases[2].published_at);
    // The public API shows what the control plane answered.
    expect(await workflow(id)).toEqual(res.body);

    const stale = expectError(await submitRequest(sb, app.key, leaveOn(id, 2)), 409, 'STALE_WORKFLOW_RELEASE');
    expect(stale.message).toContain(`${id}@3`);
    const accepted = await submitRequest(sb, app.key, leaveOn(id, 3));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ workflow_release_id: `${id}@3`, status: 'IN_PROGRESS' });
  });

  it('copies the current release schema, and both releases stay readable', async () => {
    const id = freshLeave();
    await publish(id);
    const [old, next] = [await schemaOf(id, 2), await schemaOf(id, 3)];
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ workflow_id: id, release: 3, workflow_release_id: `${id}@3`, current: true });
    expect(next.body.schema).toEqual(old.body.schema);
    expect(old.body.current).toBe(false);
  });

  it('takes an empty body or none at all, and counts on from the newest release', async () => {
    const id = freshLeave();
    expect((await publish(id, {})).status).toBe(201);
    const none = await sb.call('POST', `/__sandbox/approval-workflows/${id}/releases`, {
      headers: { 'x-sandbox-control': sb.controlToken },
      env: false,
    });
    expect(none.status).toBe(201);
    expect(none.body).toMatchObject({ current_release: 4, workflow_release_id: `${id}@4` });
    expectError(await submitRequest(sb, app.key, leaveOn(id, 3)), 409, 'STALE_WORKFLOW_RELEASE');
  });

  it('reads the workflow id in either form', async () => {
    const id = freshLeave();
    const asked = SUITE_DIALECT === 'alternate' ? mapId(id, 'out') : id;
    expect(asked === id).toBe(SUITE_DIALECT === 'standard');
    const res = await publish(asked);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id, workflow_release_id: `${id}@3` });
    // The control plane names the workflow as the API of this dialect does.
    const said = res.bytes.toString('utf8');
    expect(said).toContain(`"${asked}@3"`);
    if (SUITE_DIALECT === 'alternate') expect(said).not.toContain(id);
  });
});

describe('publishing with a schema', () => {
  it('serves that schema under the new release and validates submissions by it', async () => {
    const id = freshLeave();
    const res = await publish(id, { schema: NEW_SCHEMA });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ current_release: 3, workflow_release_id: `${id}@3` });
    // A new form is a new form version.
    expect(res.body.form_version).toBe(res.body.releases[1].form_version + 1);
    expect(res.body.releases[2]).toMatchObject({ release: 3, form_version: res.body.form_version });

    const served = await schemaOf(id, 3);
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ release: 3, current: true });
    expect(served.body.schema).toEqual(NEW_SCHEMA);

    // The old release's fields are not this release's fields.
    const old = expectError(await submitRequest(sb, app.key, leaveOn(id, 3)), 422, 'VALIDATION_FAILED');
    expect(old.details!.map((d) => d.path)).toEqual(expect.arrayContaining(['form_data.cover', 'form_data.last_day']));
    const tooMany = expectError(
      await submitRequest(
        sb,
        app.key,
        leaveOn(id, 3, { form_data: { first_day: '2030-07-01', cover: 'Ada', days_requested: 31 } }),
      ),
      422,
      'VALIDATION_FAILED',
    );
    expect(tooMany.details).toEqual([expect.objectContaining({ path: 'form_data.days_requested' })]);
    const ok = await submitRequest(sb, app.key, leaveOn(id, 3, { form_data: { first_day: '2030-07-01', cover: 'Ada' } }));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ workflow_release_id: `${id}@3`, form_data: { first_day: '2030-07-01', cover: 'Ada' } });
  });

  it('takes a minimal schema: no title, no $schema, nothing required', async () => {
    const id = freshLeave();
    const minimal = { type: 'object', properties: { note: { type: 'string', maxLength: 10 } } };
    expect((await publish(id, { schema: minimal })).status).toBe(201);
    expect((await schemaOf(id, 3)).body.schema).toEqual(minimal);
    expect((await submitRequest(sb, app.key, leaveOn(id, 3, { form_data: {} }))).status).toBe(200);
    expect((await submitRequest(sb, app.key, leaveOn(id, 3, { form_data: { note: 'short' } }))).status).toBe(200);
    const long = expectError(
      await submitRequest(sb, app.key, leaveOn(id, 3, { form_data: { note: 'far too long' } })),
      422,
      'VALIDATION_FAILED',
    );
    expect(long.details).toEqual([expect.objectContaining({ path: 'form_data.note' })]);
  });

  it('leaves a request already started on its own release', async () => {
    const id = freshLeave();
    const started = await submitRequest(sb, app.key, leaveOn(id, 2));
    expect(started.status).toBe(200);
    expect((await publish(id, { schema: NEW_SCHEMA })).status).toBe(201);
    const read = await sb.call('GET', `/api/v1/approval-requests/${started.body.id}`, { key: app.key });
    expect(read.body).toMatchObject({
      workflow_release_id: `${id}@2`,
      form_version: started.body.form_version,
      published_version: started.body.published_version,
      form_data: started.body.form_data,
    });
    expect((await schemaOf(id, 2)).body.schema.properties).toHaveProperty('last_day');
  });

  it.each([
    ['a string', 'object'],
    ['null', null],
    ['an array', [NEW_SCHEMA]],
    ['another type', { ...NEW_SCHEMA, type: 'array' }],
    ['no properties', { type: 'object', required: [] }],
    ['properties that are a list', { type: 'object', properties: [] }],
    ['a property of an unknown type', { type: 'object', properties: { when: { type: 'date', title: 'When' } } }],
    ['a property that is not an object', { type: 'object', properties: { note: 'text' } }],
    ['required that is not a list', { type: 'object', properties: {}, required: 'note' }],
  ])('refuses %s with 400 naming what is wrong, and publishes nothing', async (_label, schema) => {
    const id = freshLeave();
    const error = expectError(await publish(id, { schema }), 400, 'INVALID_SUBMISSION_SCHEMA');
    expect(error.message).toMatch(/schema/);
    expect(error.details!.length).toBeGreaterThan(0);
    for (const d of error.details!) expect(d.path).toMatch(/^schema(\.|$)/);
    expect(await workflow(id)).toMatchObject({ current_release: 2, workflow_release_id: `${id}@2` });
    expectError(await schemaOf(id, 3), 404, 'NOT_FOUND');
  });

  it('names the property at fault', async () => {
    const error = expectError(
      await publish(freshLeave(), { schema: { type: 'object', properties: { when: { type: 'date' } } } }),
      400,
      'INVALID_SUBMISSION_SCHEMA',
    );
    // The field's path, down to the keyword when the checker names one.
    expect(error.details).toEqual([
      expect.objectContaining({ path: expect.stringMatching(/^schema\.properties\.when(\.type)?$/) }),
    ]);
    expect(error.message).toContain('schema.properties.when');
  });

  it('refuses a required key that names no property', async () => {
    const id = freshLeave();
    const error = expectError(
      await publish(id, { schema: { type: 'object', properties: { cover: { type: 'string' } }, required: ['cover', 'covr'] } }),
      400,
      'INVALID_SUBMISSION_SCHEMA',
    );
    expect(error.details).toEqual([expect.objectContaining({ path: 'schema.required.1' })]);
    expect(error.message).toContain('covr');
  });

  it('refuses a body that is not {schema?} with 422', async () => {
    const id = freshLeave();
    for (const body of [{ schema: NEW_SCHEMA, release: 7 }, [NEW_SCHEMA], 'schema'])
      expectError(await publish(id, body), 422, 'VALIDATION_FAILED');
    expect((await workflow(id)).current_release).toBe(2);
  });
});

describe('refusals', () => {
  it('answers 404 for an unknown workflow', async () => {
    for (const id of ['wf_nope', 'nothing-here', 'WFLOW-nope']) {
      const error = expectError(await publish(id), 404, 'NOT_FOUND');
      expect(error.message).toMatch(/workflow/i);
    }
    expectError(await publish('wf_nope', { schema: NEW_SCHEMA }), 404, 'NOT_FOUND');
  });

  it('answers 409 for an archived workflow, naming it', async () => {
    const id = freshLeave();
    const archived = await sb.call('POST', `/api/v1/approval-workflows/${id}/archive`, {
      key: app.key,
      idempotencyKey: newIdemKey(),
      body: { reason: 'Replaced by the HR portal' },
    });
    expect(archived.status).toBe(200);
    for (const body of [{}, { schema: NEW_SCHEMA }]) {
      const error = expectError(await publish(id, body), 409, 'WORKFLOW_ARCHIVED');
      expect(error.message).toContain(id);
      expect(error.message).toMatch(/archived/);
    }
    expect(await workflow(id)).toMatchObject({ status: 'archived', current_release: 2 });
  });

  it('needs the control token: an API key or a wrong token is refused and nothing is published', async () => {
    const id = freshLeave();
    const path = `/__sandbox/approval-workflows/${id}/releases`;
    for (const opts of [
      { key: app.key, body: {} },
      { body: {}, headers: { 'x-sandbox-control': 'ctl-not-the-token' }, env: false },
      { body: {}, env: false },
    ])
      expectError(await sb.call('POST', path, opts), 401, 'CONTROL_TOKEN_INVALID');
    expect((await workflow(id)).current_release).toBe(2);
  });
});

describe('persistence', () => {
  it('keeps the new release and its schema across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-releases-'));
    try {
      const first = await startTestSandbox({ dataDir });
      const id = freshLeave(first);
      expect((await publish(id, { schema: NEW_SCHEMA }, first)).status).toBe(201);
      await first.close();

      const again = await startTestSandbox({ dataDir });
      try {
        const key = (await newApp(again)).key;
        expect(await workflow(id, again, key)).toMatchObject({ current_release: 3, workflow_release_id: `${id}@3` });
        expect((await schemaOf(id, 3, again, key)).body.schema).toEqual(NEW_SCHEMA);
        expectError(await submitRequest(again, key, leaveOn(id, 2)), 409, 'STALE_WORKFLOW_RELEASE');
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
