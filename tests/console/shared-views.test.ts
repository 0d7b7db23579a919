import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../support/postgres';
import { startTestConsole, type TestConsole } from './harness';
import { auditOf, expectConsoleError, idem, makeTeam, userIdOf } from './console-fixtures';
import type { Role } from '@/lib/roles';

// Issue 38, "saved views are personal or shared with a team": a view shared with a team shows to
// each of its members (marked shared, with who made it), never to another team's; only its maker
// (or an admin who sees it) renames or deletes it; leaving the team hides it. On SQLite and on
// PostgreSQL (migration 0034 keeps a team's shared names apart on both).

interface ViewRow {
  id: string;
  name: string;
  href: string;
  team: { id: string; name: string } | null;
  owner: { id: string; name: string };
  mine: boolean;
  can_change: boolean;
}

describe.each([
  { name: 'SQLite', postgres: false },
  { name: 'PostgreSQL', postgres: true },
])('on $name', ({ postgres }) => {
  let pg: TestPostgres | undefined;
  let c: TestConsole;
  const ids = {} as Record<Role, string>;
  const teams = {} as Record<'hr' | 'legal', string>;

  beforeAll(async () => {
    if (postgres) pg = await startPostgres();
    c = await startTestConsole(postgres ? { databaseUrl: pg!.url } : {});
    for (const role of ['viewer', 'operator', 'sender', 'admin'] as const) ids[role] = await userIdOf(c, c.cookies[role]);
    // HR: the sender and the viewer; Legal: the operator. The admin is in neither, at first.
    for (const [tag, name, members] of [
      ['hr', 'HR', [ids.sender, ids.viewer]],
      ['legal', 'Legal', [ids.operator]],
    ] as const) {
      teams[tag] = await makeTeam(c, name, members);
    }
  }, 120_000);
  afterAll(async () => {
    await c?.close();
    await pg?.stop();
  });

  const save = (role: Role, body: Record<string, unknown>) =>
    c.call('POST', '/api/saved-views', { cookie: c.cookies[role], body });
  const viewsOf = async (role: Role) => {
    const reply = await c.call('GET', '/api/saved-views', { cookie: c.cookies[role] });
    expect(reply.status).toBe(200);
    return reply.body.data as ViewRow[];
  };
  const homeRows = async (role: Role) => {
    const reply = await c.call('GET', '/api/home', { cookie: c.cookies[role] });
    const section = (reply.body.sections as { id: string; rows: Record<string, unknown>[] }[]).find(
      (s) => s.id === 'saved_views',
    );
    return section?.rows ?? [];
  };

  describe('saved views shared with a team', () => {
    let shared: string;

    it('shares a view with one of the maker’s teams: every member sees it, marked shared and by whom; another team does not', async () => {
      const reply = await save('sender', { list: 'packages', name: 'HR queue', query: 'status=queued', team_id: teams.hr });
      expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
      shared = reply.body.id as string;
      expect(reply.body).toMatchObject({ name: 'HR queue', team: { id: teams.hr, name: 'HR' }, mine: true, can_change: true });

      const seen = (await viewsOf('viewer')).find((v) => v.id === shared);
      expect(seen).toMatchObject({
        name: 'HR queue',
        href: '/packages?status=queued',
        team: { id: teams.hr, name: 'HR' },
        owner: { id: ids.sender, name: 'Test sender' },
        mine: false,
        can_change: false,
      });
      // Home lists it for the viewer, marked shared, with no delete offered.
      const row = (await homeRows('viewer')).find((r) => r.key === shared);
      expect(row).toMatchObject({ title: 'HR queue', mine: false, shared: { team: 'HR', by: 'Test sender' } });
      expect(row?.saved_view_id).toBeUndefined();

      // Legal's member, and an admin in neither team, do not see it.
      expect((await viewsOf('operator')).map((v) => v.id)).not.toContain(shared);
      expect((await viewsOf('admin')).map((v) => v.id)).not.toContain(shared);
      expect((await homeRows('operator')).map((r) => r.key)).not.toContain(shared);
    });

    it('keeps a view personal by default, seen by its maker alone', async () => {
      const reply = await save('sender', { list: 'packages', name: 'Mine only', query: 'status=completed' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ team: null, mine: true });
      expect((await viewsOf('viewer')).map((v) => v.id)).not.toContain(reply.body.id);
    });

    it('refuses to share with a team that is not the maker’s, and saves nothing', async () => {
      const before = (await viewsOf('operator')).length;
      const refused = await save('operator', { list: 'approvals', name: 'Snoop', query: '', team_id: teams.hr });
      const error = expectConsoleError(refused, 422, 'TEAM_NOT_YOURS');
      expect(error.details?.map((d) => d.path)).toEqual(['team_id']);
      expect(await viewsOf('operator')).toHaveLength(before);
      expectConsoleError(
        await save('operator', { list: 'approvals', name: 'Odd', query: '', team_id: 'nope' }),
        422,
        'VALIDATION_FAILED',
      );
    });

    it('refuses a second shared view of the same name in one team', async () => {
      const clash = await save('viewer', { list: 'packages', name: 'HR queue', query: 'status=declined', team_id: teams.hr });
      expectConsoleError(clash, 409, 'VIEW_NAME_TAKEN');
      // Kept to oneself, the name is the viewer's to use.
      expect((await save('viewer', { list: 'packages', name: 'HR queue', query: 'status=declined' })).status).toBe(200);
    });

    it('lets only its maker rename or delete it: a member is refused, another team is told it is not there', async () => {
      expectConsoleError(
        await c.call('PATCH', `/api/saved-views/${shared}`, { cookie: c.cookies.viewer, body: { name: 'Taken over' } }),
        403,
        'FORBIDDEN',
      );
      expectConsoleError(await c.call('DELETE', `/api/saved-views/${shared}`, { cookie: c.cookies.viewer }), 403, 'FORBIDDEN');
      expectConsoleError(
        await c.call('PATCH', `/api/saved-views/${shared}`, { cookie: c.cookies.operator, body: { name: 'Taken over' } }),
        404,
        'NOT_FOUND',
      );
      expectConsoleError(await c.call('DELETE', `/api/saved-views/${shared}`, { cookie: c.cookies.operator }), 404, 'NOT_FOUND');
      expectConsoleError(
        await c.call('PATCH', `/api/saved-views/${shared}`, { cookie: c.cookies.sender, body: {} }),
        422,
        'VALIDATION_FAILED',
      );
      const renamed = await c.call('PATCH', `/api/saved-views/${shared}`, {
        cookie: c.cookies.sender,
        body: { name: 'HR queued' },
      });
      expect(renamed.status, renamed.bytes.toString('utf8').slice(0, 300)).toBe(200);
      expect((await viewsOf('viewer')).find((v) => v.id === shared)?.name).toBe('HR queued');
    });

    it('audits the share and its changes under the team', async () => {
      const created = (await auditOf(c, 'saved_view.create')).find((e) => e.target_id === shared);
      expect(created).toMatchObject({ team_id: teams.hr, outcome: 'success' });
      expect(JSON.parse(created!.details ?? '{}')).toMatchObject({ name: 'HR queue', team_id: teams.hr });
      const updated = (await auditOf(c, 'saved_view.update')).filter((e) => e.target_id === shared && e.outcome === 'success');
      expect(updated).toHaveLength(1);
      expect(updated[0]).toMatchObject({ team_id: teams.hr });
      expect(JSON.parse(updated[0]!.details ?? '{}')).toMatchObject({ name: 'HR queued' });
    });

    it('unshares: made personal again, it leaves the team’s members', async () => {
      const mine = await save('sender', { list: 'packages', name: 'To and fro', query: 'status=sent', team_id: teams.hr });
      expect((await viewsOf('viewer')).map((v) => v.id)).toContain(mine.body.id);
      const back = await c.call('PATCH', `/api/saved-views/${mine.body.id}`, {
        cookie: c.cookies.sender,
        body: { team_id: null },
      });
      expect(back.status).toBe(200);
      expect(back.body.team).toBeNull();
      expect((await viewsOf('viewer')).map((v) => v.id)).not.toContain(mine.body.id);
    });

    it('an admin sees the views of their own teams, and may delete one', async () => {
      expect((await viewsOf('admin')).map((v) => v.id)).not.toContain(shared);
      expect(
        (await c.call('POST', `/api/admin/teams/${teams.hr}/members`, { cookie: c.cookies.admin, body: { user_id: ids.admin } }))
          .status,
      ).toBe(200);
      expect((await viewsOf('admin')).find((v) => v.id === shared)).toMatchObject({ mine: false, can_change: true });
    });

    it('leaving the team hides its shared views; the maker keeps theirs', async () => {
      const removed = await c.call('DELETE', `/api/admin/teams/${teams.hr}/members/${ids.viewer}`, { cookie: c.cookies.admin });
      expect(removed.status).toBe(200);
      expect((await viewsOf('viewer')).map((v) => v.id)).not.toContain(shared);
      expect((await homeRows('viewer')).map((r) => r.key)).not.toContain(shared);
      expectConsoleError(await c.call('DELETE', `/api/saved-views/${shared}`, { cookie: c.cookies.viewer }), 404, 'NOT_FOUND');
      expect((await viewsOf('sender')).map((v) => v.id)).toContain(shared);
      // The admin (now in HR) deletes it for everyone.
      expect((await c.call('DELETE', `/api/saved-views/${shared}`, { cookie: c.cookies.admin })).status).toBe(200);
      expect((await viewsOf('sender')).map((v) => v.id)).not.toContain(shared);
    });

    it('a maker who has left the team no longer renames what it sees there, nor learns its names', async () => {
      const made = await save('sender', { list: 'packages', name: 'Left behind', query: 'status=expired', team_id: teams.hr });
      expect(made.status).toBe(200);
      const id = made.body.id as string;
      expect(
        (await c.call('DELETE', `/api/admin/teams/${teams.hr}/members/${ids.sender}`, { cookie: c.cookies.admin })).status,
      ).toBe(200);
      try {
        const renamed = await c.call('PATCH', `/api/saved-views/${id}`, { cookie: c.cookies.sender, body: { name: 'HR queue' } });
        expectConsoleError(renamed, 422, 'TEAM_NOT_YOURS');
        expect(renamed.bytes.toString('utf8')).not.toContain('HR queue');
        expect((await viewsOf('sender')).find((v) => v.id === id)?.name).toBe('Left behind');
      } finally {
        const back = await c.call('POST', `/api/admin/teams/${teams.hr}/members`, {
          cookie: c.cookies.admin,
          body: { user_id: ids.sender },
          idempotencyKey: idem('member'),
        });
        expect(back.status).toBe(200);
      }
    });
  });
});
