import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '@/lib/csv/read-csv';
import type { ApprovalInsights } from '@/lib/insights/types';
import { startTestConsole, type TestConsole } from '../console/harness';
import { accessRequest, apiId, expectConsoleError, idem, makeTeam, userIdOf } from '../console/console-fixtures';

// Issue 39: the approval figures of GET /api/insights (and their CSVs) count the requests the
// reader's teams submitted from the console, never another team's; an admin sees all and
// narrows by team, workflow and submitter; the drill-down list narrows the same way. The
// watcher runs every second, as its job does, so the figures come from what it recorded.

let c: TestConsole;
let teamA: string;
let teamB: string;
let adminId: string;
let operatorId: string;
const mineA: string[] = [];

/** Waits for the watcher to have recorded something (expect.poll is for tests, not their setup). */
async function until(done: () => Promise<boolean>, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('the watcher did not record it in time');
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  c = await startTestConsole({ env: { WATCHER_INTERVAL_SECONDS: '1', WATCHER_MAX_CALLS_PER_RUN: '20' } });
  const me = (cookie: string) => userIdOf(c, cookie);
  const team = (name: string, members: string[]) => makeTeam(c, name, members);
  adminId = await me(c.cookies.admin);
  operatorId = await me(c.cookies.operator);
  teamA = await team('Team A', [operatorId, await me(c.cookies.viewer)]);
  teamB = await team('Team B', [adminId]);
  const submit = async (cookie: string, teamId: string) => {
    const reply = await c.call('POST', '/api/approval-requests', {
      cookie,
      body: { ...accessRequest(), team_id: teamId },
      idempotencyKey: idem('insights-submit'),
    });
    expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
    return reply.body.id as string;
  };
  mineA.push(await submit(c.cookies.operator, teamA), await submit(c.cookies.operator, teamA));
  await submit(c.cookies.admin, teamB);
  // Once the watcher has seen all three in progress (and so the first layer's deadline), one of team A's is approved there.
  await until(async () => submittedCount(await figures(c.cookies.admin)) === 3);
  expect((await c.sandbox.control(`/approval-requests/${mineA[0]}/actions`, { action: 'approve' })).status).toBe(200);
  await until(async () => (await figures(c.cookies.admin)).sla.met === 1);
}, 120_000);
afterAll(async () => c?.close());

async function figures(cookie: string, query = ''): Promise<ApprovalInsights> {
  const reply = await c.call('GET', `/api/insights?period=7d${query}`, { cookie });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  expect(reply.body.approvals.figures, JSON.stringify(reply.body.approvals)).not.toBeNull();
  return reply.body.approvals.figures as ApprovalInsights;
}
const submittedCount = (a: ApprovalInsights) => a.submitted_per_week.reduce((s, b) => s + b.count, 0);
const layerVisits = (a: ApprovalInsights) => a.layers.reduce((s, l) => s + l.visits, 0);

describe('approval figures through teams', () => {
  it("counts a team member's own team's requests only, in every figure", async () => {
    for (const cookie of [c.cookies.viewer, c.cookies.operator]) {
      const a = await figures(cookie);
      expect(submittedCount(a)).toBe(2);
      expect(a.decisions.map((d) => [d.decision, d.count])).toEqual([
        ['APPROVED', 1],
        ['REJECTED', 0],
        ['other', 0],
        ['open', 1],
      ]);
      expect(a.by_workflow.map((w) => [w.workflow_id, w.submitted])).toEqual([[apiId('wf_access'), 2]]);
      expect(a.not_from_console).toBe(0);
      // wf_access has one layer (8 h SLA): two visits, the approved one decided within its SLA
      expect(layerVisits(a)).toBe(2);
      expect(a.sla.met).toBe(1);
    }
  });

  it('shows an admin every team, and narrows by team, workflow and submitter', async () => {
    const all = await figures(c.cookies.admin);
    expect(submittedCount(all)).toBe(3);
    expect(layerVisits(all)).toBe(3);
    expect(submittedCount(await figures(c.cookies.admin, `&team=${teamB}`))).toBe(1);
    expect(submittedCount(await figures(c.cookies.admin, `&team=${teamA}`))).toBe(2);
    expect(submittedCount(await figures(c.cookies.admin, `&sender=${operatorId}`))).toBe(2);
    expect(submittedCount(await figures(c.cookies.admin, `&workflow=${apiId('wf_access')}`))).toBe(3);
    const none = await figures(c.cookies.admin, '&workflow=wf_none');
    expect([submittedCount(none), none.by_workflow, none.layers]).toEqual([0, [], []]);
    // a member's submitter filter on another team's submitter finds nothing of theirs
    expect(submittedCount(await figures(c.cookies.viewer, `&sender=${adminId}`))).toBe(0);
  });

  it("refuses a member's filter on another team rather than answering none", async () => {
    expectConsoleError(await c.call('GET', `/api/insights?team=${teamB}`, { cookie: c.cookies.viewer }), 422, 'TEAM_NOT_YOURS');
  });

  it('offers the workflows of the period as a filter', async () => {
    const reply = await c.call('GET', '/api/insights?period=7d', { cookie: c.cookies.viewer });
    expect(reply.body.options.workflows.map((w: { id: string }) => w.id)).toEqual([apiId('wf_access')]);
  });
});

describe('the approval figures as CSV', () => {
  it("writes the by-workflow, layer and SLA figures within the reader's teams", async () => {
    const csv = async (figure: string, cookie: string) => {
      const reply = await c.call('GET', `/api/insights/export?figure=${figure}&period=7d`, { cookie });
      expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
      return readCsv(reply.bytes.toString('utf8'));
    };
    const byWorkflow = await csv('requests-by-workflow', c.cookies.viewer);
    expect(byWorkflow.header.slice(0, 3)).toEqual(['workflow_id', 'workflow_name', 'submitted']);
    expect(byWorkflow.rows.map((r) => [r.cells[0], r.cells[2]])).toEqual([[apiId('wf_access'), '2']]);
    const layers = await csv('layer-times', c.cookies.viewer);
    expect(layers.rows.reduce((s, r) => s + Number(r.cells[layers.header.indexOf('visits')]), 0)).toBe(2);
    const sla = await csv('request-sla', c.cookies.viewer);
    expect(sla.rows.map((r) => r.cells)).toContainEqual(['met', '1']);
    expect(sla.rows.reduce((s, r) => s + Number(r.cells[1]), 0)).toBe(2);
    const adminSla = await csv('request-sla', c.cookies.admin);
    expect(adminSla.rows.reduce((s, r) => s + Number(r.cells[1]), 0)).toBe(3);
  });
});

describe('the drill-down into the approvals list', () => {
  it('narrows the list by the workflow and submitter the console recorded, within the reader’s teams', async () => {
    const ids = async (query: string, cookie = c.cookies.admin) => {
      const reply = await c.call('GET', `/api/approval-requests?size=100&${query}`, { cookie });
      expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
      return (reply.body.data as { id: string }[]).map((r) => r.id).sort();
    };
    expect(await ids(`workflow=${apiId('wf_access')}`)).toHaveLength(3);
    expect(await ids(`sender=${operatorId}`)).toEqual([...mineA].sort());
    expect(await ids(`workflow=${apiId('wf_access')}&sender=${adminId}`)).toHaveLength(1);
    expect(await ids('workflow=wf_none')).toEqual([]);
    expect(await ids(`sender=${adminId}`, c.cookies.viewer)).toEqual([]);
    expect(await ids(`workflow=${apiId('wf_access')}`, c.cookies.viewer)).toEqual([...mineA].sort());
  });
});
