import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from '../console/harness';
import { accessRequest, auditOf, expectConsoleError, idem, makePdf, uploadViaConsole } from '../console/console-fixtures';

// Issue 38, "records the console did not make belong to no team: admins see them and can assign
// them to a team": an approval request or a document of no team is given to a team one at a time,
// by an admin alone, refused (409) once it is another team's, and the same again for a retried click.

let c: TestConsole;
const teams = {} as Record<'hr' | 'legal' | 'gone', string>;
let operatorId: string;
/** submitted and uploaded before any team existed: rows of no team */
let oldRequest: string;
let oldDocument: string;
/** found at the API: no row of the console's at all */
let foundRequest: string;
let foundDocument: string;

const idsOf = (body: { data: { id: string }[] }) => body.data.map((r) => r.id);

async function submit() {
  const reply = await c.call('POST', '/api/approval-requests', {
    cookie: c.cookies.operator,
    body: accessRequest(),
    idempotencyKey: idem('submit'),
  });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body.id as string;
}
async function upload() {
  const reply = await uploadViaConsole(c, await makePdf(1));
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return reply.body.id as string;
}

beforeAll(async () => {
  c = await startTestConsole();
  operatorId = (await c.call('GET', '/api/auth/me', { cookie: c.cookies.operator })).body.user.id as string;
  [oldRequest, foundRequest] = [await submit(), await submit()];
  [oldDocument, foundDocument] = [await upload(), await upload()];
  // The console forgets it made two of them: as if sent to the API by other means.
  const file = new Database(join(c.dataDir, 'console.db'));
  try {
    file.prepare('DELETE FROM approval_submissions WHERE request_id = ?').run(foundRequest);
    file.prepare('DELETE FROM document_uploads WHERE document_id = ?').run(foundDocument);
  } finally {
    file.close();
  }
  for (const [tag, name] of [
    ['hr', 'HR'],
    ['legal', 'Legal'],
    ['gone', 'Gone'],
  ] as const) {
    const made = await c.call('POST', '/api/admin/teams', { cookie: c.cookies.admin, body: { name } });
    expect(made.status).toBe(200);
    teams[tag] = made.body.id as string;
  }
  expect(
    (await c.call('POST', `/api/admin/teams/${teams.hr}/members`, { cookie: c.cookies.admin, body: { user_id: operatorId } }))
      .status,
  ).toBe(200);
  expect((await c.call('POST', `/api/admin/teams/${teams.gone}/archive`, { cookie: c.cookies.admin })).status).toBe(200);
});
afterAll(async () => c?.close());

describe.each([
  {
    kind: 'approval request',
    base: '/api/approval-requests',
    list: '/api/approval-requests?size=100',
    old: () => oldRequest,
    found: () => foundRequest,
    missing: 'ar_nosuchrequest0',
    op: 'approval_request.assign_team',
  },
  {
    kind: 'document',
    base: '/api/documents',
    list: '/api/documents?size=100',
    old: () => oldDocument,
    found: () => foundDocument,
    missing: 'doc_nosuchdocument0',
    op: 'document.assign_team',
  },
])('assigning a $kind of no team', ({ base, list, old, found, missing, op }) => {
  const assign = (id: string, team_id: string, cookie = c.cookies.admin) =>
    c.call('POST', `${base}/${id}/team`, { cookie, body: { team_id } });

  it('an admin’s list filtered to “no team” holds those the console made before teams and those it never made', async () => {
    const none = await c.call('GET', `${list}&team=none`, { cookie: c.cookies.admin });
    expect(none.status, none.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(idsOf(none.body).sort()).toEqual([old(), found()].sort());
    // A member of a team asking for those of no team gets nothing.
    const theirs = await c.call('GET', `${list}&team=none`, { cookie: c.cookies.operator });
    expect(theirs.status).toBe(200);
    expect(idsOf(theirs.body)).toEqual([]);
  });

  it('says which team a record belongs to, to an admin alone', async () => {
    const read = await c.call('GET', `${base}/${found()}/team`, { cookie: c.cookies.admin });
    expect(read.status, read.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(read.body).toEqual({ id: found(), team: null });
    expectConsoleError(await c.call('GET', `${base}/${found()}/team`, { cookie: c.cookies.operator }), 403, 'FORBIDDEN');
  });

  it('refuses anyone but an admin, and moves nothing', async () => {
    expectConsoleError(await assign(found(), teams.hr, c.cookies.operator), 403, 'FORBIDDEN');
    expectConsoleError(await assign(found(), teams.hr, c.cookies.viewer), 403, 'FORBIDDEN');
    const theirs = await c.call('GET', list, { cookie: c.cookies.operator });
    expect(idsOf(theirs.body)).not.toContain(found());
  });

  it('refuses a missing record, a team that is not there or archived, and a malformed team', async () => {
    expectConsoleError(await assign(missing, teams.hr), 404, 'NOT_FOUND');
    expectConsoleError(await assign(found(), 'team_nosuchteam00'), 422, 'TEAM_NOT_FOUND');
    expectConsoleError(await assign(found(), teams.gone), 409, 'TEAM_ARCHIVED');
    expectConsoleError(await assign(found(), 'HR'), 422, 'VALIDATION_FAILED');
  });

  it('gives a record of no team to a team: its members then see it; a retried click is the same; another team is refused', async () => {
    for (const id of [found(), old()]) {
      const done = await assign(id, teams.hr);
      expect(done.status, done.bytes.toString('utf8').slice(0, 300)).toBe(200);
      expect(done.body).toEqual({ id, team: { id: teams.hr, name: 'HR' }, assigned: true });
    }
    const again = await assign(found(), teams.hr);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: found(), team: { id: teams.hr, name: 'HR' }, assigned: false });
    const taken = expectConsoleError(await assign(found(), teams.legal), 409, 'ALREADY_IN_TEAM');
    expect(taken.message).toContain('HR');

    const theirs = await c.call('GET', list, { cookie: c.cookies.operator });
    expect(idsOf(theirs.body)).toEqual(expect.arrayContaining([found(), old()]));
    expect((await c.call('GET', `${base}/${found()}`, { cookie: c.cookies.operator })).status).toBe(200);
    expect((await c.call('GET', `${base}/${found()}/team`, { cookie: c.cookies.admin })).body.team).toEqual({
      id: teams.hr,
      name: 'HR',
    });
    const none = await c.call('GET', `${list}&team=none`, { cookie: c.cookies.admin });
    expect(idsOf(none.body)).toEqual([]);
  });

  it('audits each assignment under the team, the refused one too', async () => {
    const entries = (await auditOf(c, op)).filter((e) => e.target_id === found());
    const success = entries.filter((e) => e.outcome === 'success');
    expect(success).toHaveLength(2);
    for (const e of success) expect(e.team_id).toBe(teams.hr);
    expect(
      success
        .map((e) => JSON.parse(e.details ?? '{}') as { assigned: boolean })
        .map((d) => d.assigned)
        .sort(),
    ).toEqual([false, true]);
    expect(entries.some((e) => e.outcome !== 'success' && e.error_code === 'ALREADY_IN_TEAM')).toBe(true);
  });
});

describe('an assigned record is not its assigner’s', () => {
  it('the request found at the API is the team’s, but never counted as submitted by the admin who assigned it', async () => {
    const adminId = (await c.call('GET', '/api/auth/me', { cookie: c.cookies.admin })).body.user.id as string;
    // Given to HR by the admin above (or here, when run alone).
    const given = await c.call('POST', `/api/approval-requests/${foundRequest}/team`, {
      cookie: c.cookies.admin,
      body: { team_id: teams.hr },
      idempotencyKey: idem('assign'),
    });
    expect(given.status).toBe(200);
    const byAdmin = await c.call('GET', `/api/approval-requests?sender=${adminId}`, { cookie: c.cookies.admin });
    expect(byAdmin.status).toBe(200);
    expect(idsOf(byAdmin.body)).not.toContain(foundRequest);
    const byOperator = await c.call('GET', `/api/approval-requests?sender=${operatorId}`, { cookie: c.cookies.admin });
    expect(idsOf(byOperator.body)).toContain(oldRequest);
    expect(idsOf(byOperator.body)).not.toContain(foundRequest);
    const file = new Database(join(c.dataDir, 'console.db'), { readonly: true });
    try {
      expect(
        file.prepare('SELECT assigned_by, workflow_id FROM approval_submissions WHERE request_id = ?').get(foundRequest),
      ).toMatchObject({
        assigned_by: adminId,
      });
      expect(file.prepare('SELECT assigned_by FROM approval_submissions WHERE request_id = ?').get(oldRequest)).toEqual({
        assigned_by: null,
      });
    } finally {
      file.close();
    }
  });
});
