import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '@/lib/csv/read-csv';
import { startTestConsole, type TestConsole } from '../console/harness';
import { apiId, detailPaths, expectConsoleError, idem, makeTeam, ndaBody, userIdOf } from '../console/console-fixtures';

// Issue 39: GET /api/insights and its CSV export count what the reader's teams sent, never
// another team's, and refuse a period or time zone they cannot read, saying which.

let c: TestConsole;
let teamA: string;
let teamB: string;
beforeAll(async () => {
  c = await startTestConsole();
  const me = (cookie: string) => userIdOf(c, cookie);
  const team = (name: string, members: string[]) => makeTeam(c, name, members);
  teamA = await team('Team A', [await me(c.cookies.sender)]);
  teamB = await team('Team B', [await me(c.cookies.admin)]);
  const sendFor = async (cookie: string, teamId: string) => {
    const body = ndaBody({ template_id: apiId('dst_nda') });
    const preview = await c.call('POST', '/api/packages/preview', { cookie, body });
    expect(preview.status, preview.bytes.toString('utf8').slice(0, 300)).toBe(200);
    const sent = await c.call('POST', '/api/packages', {
      cookie,
      body: { template_id: body.template_id, preview_token: preview.body.preview_token, confirmed: true, team_id: teamId },
      idempotencyKey: idem('insights'),
    });
    expect(sent.status, sent.bytes.toString('utf8').slice(0, 300)).toBe(200);
  };
  await sendFor(c.cookies.sender, teamA);
  await sendFor(c.cookies.sender, teamA);
  await sendFor(c.cookies.admin, teamB);
});
afterAll(async () => c?.close());

const total = (body: { packages: { sent: { count: number }[] } }) => body.packages.sent.reduce((s, d) => s + d.count, 0);

describe('GET /api/insights', () => {
  it("counts the reader's teams only: a sender of team A does not see team B's package; an admin sees all, and may narrow by team", async () => {
    const mine = await c.call('GET', '/api/insights?period=7d&tz=Europe%2FBerlin', { cookie: c.cookies.sender });
    expect(mine.status, mine.bytes.toString('utf8').slice(0, 300)).toBe(200);
    expect(total(mine.body)).toBe(2);
    expect(mine.body.options.teams).toEqual([{ id: teamA, name: 'Team A' }]);
    // a sender reads no requests: the page is told why there are no request figures
    expect(mine.body.approvals).toEqual({ figures: null, reason: 'role' });

    const all = await c.call('GET', '/api/insights?period=7d', { cookie: c.cookies.admin });
    expect(total(all.body)).toBe(3);
    const b = await c.call('GET', `/api/insights?period=7d&team=${teamB}`, { cookie: c.cookies.admin });
    expect(total(b.body)).toBe(1);

    // a viewer in no team sees no team's packages, and no team's requests (tests/security/insights-approvals.test.ts)
    const viewer = await c.call('GET', '/api/insights', { cookie: c.cookies.viewer });
    expect(total(viewer.body)).toBe(0);
    expect(viewer.body.approvals.figures.by_workflow).toEqual([]);
  });

  it('refuses another team, rather than answering "none sent"', async () => {
    const reply = await c.call('GET', `/api/insights?team=${teamB}`, { cookie: c.cookies.sender });
    expectConsoleError(reply, 422, 'TEAM_NOT_YOURS');
    expect(detailPaths(reply)).toEqual(['team']);
  });

  it('refuses a period or time zone it cannot read, naming the field', async () => {
    const cases: [string, string][] = [
      ['period=custom&from=2026-11-01', 'to'],
      ['period=custom&from=2026-11-10&to=2026-11-01', 'to'],
      ['period=custom&from=2024-01-01&to=2026-01-01', 'to'],
      ['period=custom&from=2026-02-30&to=2026-03-01', 'from'],
      ['period=14d', 'period'],
      ['period=7d&from=2026-11-01', 'from'],
      ['tz=Mars%2FOlympus', 'tz'],
      ['colour=red', ''],
    ];
    for (const [query, path] of cases) {
      const reply = await c.call('GET', `/api/insights?${query}`, { cookie: c.cookies.admin });
      expectConsoleError(reply, 422, 'VALIDATION_FAILED');
      if (path) expect(detailPaths(reply), query).toContain(path);
    }
  });

  it('asks for a session', async () => {
    expectConsoleError(await c.call('GET', '/api/insights', { cookie: null }), 401, 'UNAUTHENTICATED');
  });
});

describe('the drill-down into the packages list', () => {
  it('narrows the list to what the console recorded: a team, a sender, a template', async () => {
    const ids = async (query: string, cookie = c.cookies.admin) => {
      const reply = await c.call('GET', `/api/packages?${query}`, { cookie });
      expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
      return (reply.body.data as { id: string }[]).map((p) => p.id);
    };
    expect(await ids('')).toHaveLength(3);
    expect(await ids(`team=${teamB}`)).toHaveLength(1);
    expect(await ids(`team=${teamA}`)).toHaveLength(2);
    const admin = (await c.call('GET', '/api/auth/me', { cookie: c.cookies.admin })).body.user.id as string;
    expect(await ids(`sender=${admin}`)).toEqual(await ids(`team=${teamB}`));
    expect(await ids(`template=${apiId('dst_nda')}`)).toHaveLength(3);
    expect(await ids('template=dst_none')).toEqual([]);
    // through teams, another team's filter finds nothing of it
    expect(await ids(`team=${teamB}`, c.cookies.sender)).toEqual([]);
  });
});

describe('GET /api/insights/export', () => {
  it("writes a chart's figures as CSV, within the reader's teams", async () => {
    const reply = await c.call('GET', '/api/insights/export?figure=packages-sent&period=7d', { cookie: c.cookies.sender });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(reply.headers.get('content-disposition')).toMatch(/signdesk-insights-packages-sent-/);
    const { header, rows } = readCsv(reply.bytes.toString('utf8'));
    expect(header).toEqual(['from', 'to', 'sent']);
    expect(rows).toHaveLength(7);
    expect(rows.reduce((s, r) => s + Number(r.cells[2]), 0)).toBe(2);
  });

  it("refuses a figure the reader's roles do not read, and one it does not know", async () => {
    expectConsoleError(
      await c.call('GET', '/api/insights/export?figure=requests-submitted', { cookie: c.cookies.sender }),
      404,
      'FIGURE_NOT_AVAILABLE',
    );
    expectConsoleError(
      await c.call('GET', '/api/insights/export?figure=everything', { cookie: c.cookies.admin }),
      422,
      'VALIDATION_FAILED',
    );
  });
});
