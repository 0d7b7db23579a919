import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectError, newIdemKey, type Reply, type TestSandbox } from './harness.ts';
import { leaveBody, reviewerAction, submitRequest, type TestApp } from './approval-fixtures.ts';
import { appForFile, sandboxForFile } from './sandbox-for-file.ts';

// Model-based test of an approval request's versions through the revision loop (spec sections
// 3, 4 and 9; DESIGN.md section 6): random sequences of reviewer decisions, drafts and
// resubmissions with the current versions or stale ones, replays and reads, over HTTP. The
// model holds what a client may know: status, the layer, `version`, the open task's version and
// `request_revision`. Every change moves `version` by exactly one; a refused call moves nothing.

interface Model {
  status: 'IN_PROGRESS' | 'NEEDS_REVISION' | 'APPROVED' | 'REJECTED';
  layer: number | null;
  version: number;
  taskVersion: number | null;
  requestRevision: number;
  /** the last revision call that succeeded, to replay under its key */
  last: { method: string; path: string; body: unknown; key: string; reply: unknown } | null;
}
interface Real {
  sb: TestSandbox;
  app: TestApp;
  id: string;
}
type Cmd = fc.AsyncCommand<Model, Real, false>;

// wf_leave@2: two layers.
const LAYERS = 2;
const FULL = {
  first_day: '2030-07-01',
  last_day: '2030-07-11',
  leave_type: 'annual',
  days_requested: 9,
  handover_contact: 'cover@example.com',
};

const sb = sandboxForFile();
const app = appForFile(sb);

const inRevision = (m: Readonly<Model>) => m.status === 'NEEDS_REVISION';

function expectUnchangedRefusal(reply: Reply, m: Readonly<Model>) {
  if (inRevision(m)) throw new Error('only for requests outside revision');
  expectError(reply, 409, 'NOT_IN_REVISION');
}

class Reviewer implements Cmd {
  constructor(readonly action: 'approve' | 'request_revision' | 'reject') {}
  check = () => true;
  async run(m: Model, r: Real) {
    const body =
      this.action === 'request_revision'
        ? { action: this.action, requirements: [{ field_key: 'last_day', message: 'Shorter' }] }
        : { action: this.action };
    const reply = await reviewerAction(r.sb, r.id, body);
    if (m.status !== 'IN_PROGRESS') {
      expectError(reply, 409, 'INVALID_TRANSITION');
      return;
    }
    expect(reply.status).toBe(200);
    m.version += 1;
    if (this.action === 'approve') {
      const next = m.layer! + 1;
      [m.status, m.layer] = next > LAYERS ? ['APPROVED', null] : ['IN_PROGRESS', next];
    } else if (this.action === 'reject') [m.status, m.layer] = ['REJECTED', null];
    else [m.status, m.taskVersion] = ['NEEDS_REVISION', 1];
    expect(reply.body).toMatchObject({ status: m.status, version: m.version });
  }
  toString = () => `reviewer ${this.action}`;
}

/** A draft or a resubmission sent with the versions last read (offset 0) or stale ones. */
class Revise implements Cmd {
  constructor(
    readonly kind: 'draft' | 'resubmit',
    readonly offset: { version: number; task: number },
  ) {}
  private sentVersions(m: Readonly<Model>) {
    return {
      expected_version: Math.max(1, m.version + this.offset.version),
      expected_task_version: Math.max(1, (m.taskVersion ?? 1) + this.offset.task),
    };
  }
  private stale(m: Readonly<Model>) {
    const sent = this.sentVersions(m);
    return sent.expected_version !== m.version || sent.expected_task_version !== (m.taskVersion ?? 1);
  }
  // A "stale" offset that clamps back to the current versions would be a current call, not this one.
  check = (m: Readonly<Model>) => (this.offset.version === 0 && this.offset.task === 0) || this.stale(m);
  async run(m: Model, r: Real) {
    const body = { ...this.sentVersions(m), form_data: this.kind === 'draft' ? { days_requested: 9 } : FULL };
    const key = newIdemKey();
    const [method, path] =
      this.kind === 'draft'
        ? ['PATCH', `/api/v1/approval-requests/${r.id}/revision-draft`]
        : ['POST', `/api/v1/approval-requests/${r.id}/resubmit`];
    const reply = await r.sb.call(method, path, { key: r.app.key, body, idempotencyKey: key });
    if (!inRevision(m)) return expectUnchangedRefusal(reply, m);
    if (this.stale(m)) {
      // Never guessed: the conflict carries the current versions for the client to re-read.
      const error = expectError(reply, 409, 'VERSION_CONFLICT');
      expect(error.details).toEqual([
        expect.objectContaining({ path: 'expected_version', current: m.version }),
        expect.objectContaining({ path: 'expected_task_version', current: m.taskVersion }),
      ]);
      return;
    }
    expect(reply.status).toBe(200);
    m.version += 1;
    if (this.kind === 'draft') {
      m.taskVersion! += 1;
      expect(reply.body).toMatchObject({ version: m.version, task: { version: m.taskVersion } });
    } else {
      // Back to the layer that asked for the revision.
      [m.status, m.taskVersion, m.requestRevision] = ['IN_PROGRESS', null, m.requestRevision + 1];
      expect(reply.body).toMatchObject({
        status: 'IN_PROGRESS',
        version: m.version,
        request_revision: m.requestRevision,
        current_layer: m.layer,
      });
    }
    m.last = { method, path, body, key, reply: reply.body };
  }
  toString = () =>
    `${this.kind} ${this.offset.version === 0 && this.offset.task === 0 ? 'current' : `stale ${JSON.stringify(this.offset)}`}`;
}

/** The last successful revision call again under its key: the same answer, and nothing moves. */
class Replay implements Cmd {
  check = (m: Readonly<Model>) => m.last !== null;
  async run(m: Model, r: Real) {
    const last = m.last!;
    const reply = await r.sb.call(last.method, last.path, { key: r.app.key, body: last.body, idempotencyKey: last.key });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('idempotent-replayed')).toBe('true');
    expect(reply.body).toEqual(last.reply);
  }
  toString = () => 'replay last';
}

class Read implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    const detail = await r.sb.call('GET', `/api/v1/approval-requests/${r.id}`, { key: r.app.key });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      status: m.status,
      version: m.version,
      request_revision: m.requestRevision,
      current_layer: m.layer,
    });
    const task = await r.sb.call('GET', `/api/v1/approval-requests/${r.id}/revision-requirements`, { key: r.app.key });
    if (!inRevision(m)) return expectUnchangedRefusal(task, m);
    expect(task.status).toBe(200);
    expect(task.body).toMatchObject({ version: m.version, task: { version: m.taskVersion } });
  }
  toString = () => 'read';
}

const staleOffset = fc
  .record({ version: fc.integer({ min: -3, max: 3 }), task: fc.integer({ min: -2, max: 2 }) })
  .filter((o) => o.version !== 0 || o.task !== 0);
const current = { version: 0, task: 0 };

const commands = fc.commands(
  [
    fc
      .constantFrom('approve' as const, 'request_revision' as const, 'request_revision' as const, 'reject' as const)
      .map((a) => new Reviewer(a)),
    fc.constantFrom('draft' as const, 'resubmit' as const).map((k) => new Revise(k, current)),
    fc.constantFrom('draft' as const, 'draft' as const, 'resubmit' as const).map((k) => new Revise(k, current)),
    fc.tuple(fc.constantFrom('draft' as const, 'resubmit' as const), staleOffset).map(([k, o]) => new Revise(k, o)),
    fc.constant(new Replay()),
    fc.constant(new Read()),
  ],
  { maxCommands: 14 },
);

describe('revision versions (model-based, over HTTP)', () => {
  it('follow the model through any sequence of reviews, drafts, resubmissions, replays and reads', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const setup = async () => {
          const created = await submitRequest(sb, app.key, leaveBody());
          expect(created.status).toBe(200);
          const model: Model = { status: 'IN_PROGRESS', layer: 1, version: 1, taskVersion: null, requestRevision: 0, last: null };
          expect(created.body).toMatchObject({ status: model.status, version: model.version, current_layer: 1 });
          return { model, real: { sb, app, id: created.body.id as string } };
        };
        // A last read ends every run, so a silent change by the last command is caught too.
        await fc.asyncModelRun(setup, [...cmds, new Read()]);
      }),
      { numRuns: 50 },
    );
  });
});
