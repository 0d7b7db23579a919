import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from '../console/harness';
import {
  accessRequest,
  auditOf,
  expectConsoleError,
  idem,
  makePdf,
  ndaBody,
  sentPackageViaConsole,
  uploadViaConsole,
  userIdOf,
} from '../console/console-fixtures';

// Issue 38, "records the console did not make belong to no team: admins see them and can assign
// them to a team": an approval request, a document or a package of no team is given to a team one
// at a time, by an admin alone, refused (409) once it is another team's, and the same again for a
// retried click; the team's members then see it wherever they see their team's.

let c: TestConsole;
const teams = {} as Record<'hr' | 'legal' | 'gone', string>;
let operatorId: string;
/** submitted and uploaded before any team existed: rows of no team */
let oldRequest: string;
let oldDocument: string;
/** found at the API: no row of the console's at all */
let foundRequest: string;
let foundDocument: string;
/** sent by the console before any team existed (a send record of no team), and straight to the API (none) */
let oldPackage: string;
let foundPackage: string;
const foundTag = `Found${Date.now().toString(36)}`;

/** A package sent straight to the API with the console's app's key, as another app would: the console holds no record of it. */
async function sendByOtherMeans() {
  const key = await c.sandbox.newKey({ appId: c.appId });
  const signers = [
    { slot_id: 'company_signer', name: `Ada ${foundTag}`, email: 'ada@example.com', phone: '+14155550101' },
    { slot_id: 'counterparty_signer', name: 'Grace Hopper', email: 'grace@example.org', phone: '+442071234567' },
  ];
  // Expiring within Home's days, so Home lists it to whoever sees it.
  const preview = await c.sandbox.call('POST', '/api/v1/signature-packages/preview', {
    key,
    body: ndaBody({ signers, expires_in_days: 1 }),
  });
  expect(preview.status).toBe(200);
  const sent = await c.sandbox.call('POST', '/api/v1/signature-packages', {
    key,
    body: { template_id: 'dst_nda', preview_token: (preview.body as { preview_token: string }).preview_token, confirmed: true },
    headers: { 'idempotency-key': idem('direct') },
  });
  expect(sent.status, 'sent straight to the API').toBeLessThan(300);
  return (sent.body as { id: string }).id;
}

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
  oldPackage = (await sentPackageViaConsole(c)).id;
  foundPackage = await sendByOtherMeans();
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
  // HR: the operator (requests, documents) and the sender (packages); Legal: the viewer.
  for (const [team, user_id] of [
    [teams.hr, operatorId],
    [teams.hr, await userIdOf(c, c.cookies.sender)],
    [teams.legal, await userIdOf(c, c.cookies.viewer)],
  ])
    expect(
      (await c.call('POST', `/api/admin/teams/${team}/members`, { cookie: c.cookies.admin, body: { user_id } })).status,
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

describe('assigning a package of no team', () => {
  const assign = (id: string, team_id: string, cookie = c.cookies.admin) =>
    c.call('POST', `/api/packages/${encodeURIComponent(id)}/team`, { cookie, body: { team_id } });
  const listed = async (cookie: string, path = '/api/packages?size=100') => {
    const reply = await c.call('GET', path, { cookie });
    expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
    return { ids: idsOf(reply.body), total: reply.body.pagination.total as number, text: reply.bytes.toString('utf8') };
  };
  const exported = async (cookie: string) => {
    const reply = await c.call('GET', '/api/packages/export', { cookie });
    expect(reply.status).toBe(200);
    return reply.bytes.toString('utf8');
  };
  const home = async (cookie: string) => {
    const reply = await c.call('GET', '/api/home', { cookie });
    expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
    return JSON.stringify((reply.body as { sections: { id: string }[] }).sections.filter((s) => s.id !== 'went_wrong'));
  };
  const notedTeams = (id: string) => {
    const file = new Database(join(c.dataDir, 'console.db'), { readonly: true });
    try {
      return file.prepare('SELECT team_id, assigned_by FROM package_teams WHERE package_id = ?').all(id);
    } finally {
      file.close();
    }
  };

  it('is no member’s: one sent by other means and one sent before teams answer 404; an admin’s “no team” list holds both', async () => {
    for (const id of [foundPackage, oldPackage]) {
      expectConsoleError(await c.call('GET', `/api/packages/${id}`, { cookie: c.cookies.sender }), 404, 'NOT_FOUND');
      expect((await listed(c.cookies.sender)).ids).not.toContain(id);
    }
    const none = await listed(c.cookies.admin, '/api/packages?size=100&team=none');
    expect(none.ids).toEqual(expect.arrayContaining([foundPackage, oldPackage]));
    expect((await listed(c.cookies.admin, `/api/packages?size=100&team=${teams.hr}`)).ids).toEqual([]);
    expect((await listed(c.cookies.sender, '/api/packages?size=100&team=none')).ids).toEqual([]);
  });

  it('says which team it belongs to, to an admin alone', async () => {
    const read = await c.call('GET', `/api/packages/${foundPackage}/team`, { cookie: c.cookies.admin });
    expect(read.status, read.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(read.body).toEqual({ id: foundPackage, team: null });
    expectConsoleError(await c.call('GET', `/api/packages/${foundPackage}/team`, { cookie: c.cookies.sender }), 403, 'FORBIDDEN');
    expectConsoleError(
      await c.call('GET', '/api/packages/pkg_nosuchpackage0/team', { cookie: c.cookies.admin }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses anyone but an admin, a missing package, a team not there or archived, and notes nothing', async () => {
    expectConsoleError(await assign(foundPackage, teams.hr, c.cookies.sender), 403, 'FORBIDDEN');
    expectConsoleError(await assign(foundPackage, teams.hr, c.cookies.viewer), 403, 'FORBIDDEN');
    expectConsoleError(await assign('pkg_nosuchpackage0', teams.hr), 404, 'NOT_FOUND');
    expect(notedTeams('pkg_nosuchpackage0')).toEqual([]);
    expectConsoleError(await assign(foundPackage, 'team_nosuchteam00'), 422, 'TEAM_NOT_FOUND');
    expectConsoleError(await assign(foundPackage, teams.gone), 409, 'TEAM_ARCHIVED');
    expectConsoleError(await assign(oldPackage, teams.gone), 409, 'TEAM_ARCHIVED');
    expectConsoleError(await assign(foundPackage, 'HR'), 422, 'VALIDATION_FAILED');
    expect(notedTeams(foundPackage)).toEqual([]);
    expect((await listed(c.cookies.sender)).ids).not.toContain(foundPackage);
  });

  it('gives each to a team: a retried click is the same, another team is refused', async () => {
    for (const id of [foundPackage, oldPackage]) {
      const done = await assign(id, teams.hr);
      expect(done.status, done.bytes.toString('utf8').slice(0, 300)).toBe(200);
      expect(done.body).toEqual({ id, team: { id: teams.hr, name: 'HR' }, assigned: true });
      const again = await assign(id, teams.hr);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ id, team: { id: teams.hr, name: 'HR' }, assigned: false });
      expect(expectConsoleError(await assign(id, teams.legal), 409, 'ALREADY_IN_TEAM').message).toContain('HR');
    }
    const adminId = await userIdOf(c, c.cookies.admin);
    // Sent by other means: noted apart, by the admin; the console's own send keeps its team on its send record.
    expect(notedTeams(foundPackage)).toEqual([{ team_id: teams.hr, assigned_by: adminId }]);
    expect(notedTeams(oldPackage)).toEqual([]);
    expect((await c.call('GET', `/api/packages/${oldPackage}/team`, { cookie: c.cookies.admin })).body.team).toEqual({
      id: teams.hr,
      name: 'HR',
    });
  });

  it('is then seen by the team’s members wherever they see their team’s packages, and by no one else', async () => {
    // Another of this file's tests may run alone: the assignment is idempotent.
    for (const id of [foundPackage, oldPackage]) expect((await assign(id, teams.hr)).status).toBe(200);
    const read = await c.call('GET', `/api/packages/${foundPackage}`, { cookie: c.cookies.sender });
    expect(read.status, read.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(read.body.console_record).toBeNull();
    expect(read.body.team).toEqual({ id: teams.hr, name: 'HR' });
    expect((await c.call('GET', `/api/packages/${oldPackage}`, { cookie: c.cookies.sender })).status).toBe(200);
    const mine = await listed(c.cookies.sender);
    expect(mine.ids).toEqual(expect.arrayContaining([foundPackage, oldPackage]));
    expect(mine.total).toBe(mine.ids.length);
    expect((await listed(c.cookies.sender, `/api/packages?size=100&q=${foundTag}`)).ids).toEqual([foundPackage]);
    expect(await exported(c.cookies.sender)).toContain(foundPackage);
    expect(await home(c.cookies.sender)).toContain(`package:${foundPackage}`);

    // Legal's member: the same 404 as a package that is not there, and no trace in a list, a count, a search, an export or Home.
    const missing = await c.call('GET', '/api/packages/pkg_nosuchpackage0', { cookie: c.cookies.viewer });
    const theirs = await c.call('GET', `/api/packages/${foundPackage}`, { cookie: c.cookies.viewer });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe(missing.body.error.code);
    expect(theirs.body.error.message).toBe(missing.body.error.message);
    const legal = await listed(c.cookies.viewer);
    expect(legal.total).toBe(0);
    expect(legal.text).not.toContain(foundPackage);
    expect((await listed(c.cookies.viewer, `/api/packages?size=100&q=${foundTag}`)).total).toBe(0);
    expect(await exported(c.cookies.viewer)).not.toContain(foundPackage);
    expect(await home(c.cookies.viewer)).not.toContain(foundPackage);

    // The admin's team filter puts it in HR, and no longer under "no team".
    expect((await listed(c.cookies.admin, `/api/packages?size=100&team=${teams.hr}`)).ids.sort()).toEqual(
      [foundPackage, oldPackage].sort(),
    );
    const none = await listed(c.cookies.admin, '/api/packages?size=100&team=none');
    expect(none.ids).not.toContain(foundPackage);
    expect(none.ids).not.toContain(oldPackage);
    expect((await listed(c.cookies.admin, `/api/packages?size=100&team=${teams.legal}`)).total).toBe(0);
  });

  it('a notification about it is shown to the team’s members alone', async () => {
    expect((await assign(foundPackage, teams.hr)).status).toBe(200);
    const [senderId, viewerId] = [await userIdOf(c, c.cookies.sender), await userIdOf(c, c.cookies.viewer)];
    const file = new Database(join(c.dataDir, 'console.db'));
    try {
      const insert = file.prepare(
        `INSERT INTO notifications (id, user_id, kind, subject_type, subject_id, title, body, href, created_at, read_at, event_key)
         VALUES (?, ?, 'package_completed', 'package', ?, 'Signed', 'Signed by everyone.', ?, ?, NULL, ?)`,
      );
      for (const [tag, user] of [
        ['sender', senderId],
        ['viewer', viewerId],
      ] as const)
        insert.run(
          `ntf_found_${tag}`,
          user,
          foundPackage,
          `/packages/${foundPackage}`,
          new Date().toISOString(),
          `test:found:${tag}`,
        );
    } finally {
      file.close();
    }
    const bell = async (cookie: string) => {
      const reply = await c.call('GET', '/api/notifications', { cookie });
      expect(reply.status).toBe(200);
      return reply.body as { data: { subject_id: string }[]; unread: number };
    };
    const hr = await bell(c.cookies.sender);
    expect(hr.data.map((n) => n.subject_id)).toContain(foundPackage);
    expect(hr.unread).toBe(1);
    const legal = await bell(c.cookies.viewer);
    expect(legal.data.map((n) => n.subject_id)).not.toContain(foundPackage);
    expect(legal.unread).toBe(0);
  });

  it('audits each assignment under the team, the refused one too', async () => {
    const entries = (await auditOf(c, 'package.assign_team')).filter((e) => e.target_id === foundPackage);
    const success = entries.filter((e) => e.outcome === 'success');
    expect(success.length).toBeGreaterThanOrEqual(2);
    for (const e of success) expect(e.team_id).toBe(teams.hr);
    expect(success.map((e) => (JSON.parse(e.details ?? '{}') as { assigned: boolean }).assigned)).toContain(true);
    expect(entries.some((e) => e.outcome !== 'success' && e.error_code === 'ALREADY_IN_TEAM')).toBe(true);
  });
});
