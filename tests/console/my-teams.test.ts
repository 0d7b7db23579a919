import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestConsole, type TestConsole } from './harness';
import { apiId, expectConsoleError, idem, makeTeam, ndaBody, userIdOf } from './console-fixtures';

// Issue 38, the send form's team picker: GET /api/teams/mine says which teams the signed-in
// person may send for and which of them they last sent for, so the picker puts that one first.

let c: TestConsole;
beforeAll(async () => {
  c = await startTestConsole();
});
afterAll(async () => c?.close());

const me = (cookie: string) => userIdOf(c, cookie);
const team = (name: string, members: string[]) => makeTeam(c, name, members);

async function sendFor(teamId: string) {
  const body = ndaBody({ template_id: apiId('dst_nda') });
  const preview = await c.call('POST', '/api/packages/preview', { cookie: c.cookies.sender, body });
  expect(preview.status, preview.bytes.toString('utf8').slice(0, 300)).toBe(200);
  const sent = await c.call('POST', '/api/packages', {
    cookie: c.cookies.sender,
    body: { template_id: body.template_id, preview_token: preview.body.preview_token, confirmed: true, team_id: teamId },
    idempotencyKey: idem('mine'),
  });
  expect(sent.status, sent.bytes.toString('utf8').slice(0, 300)).toBe(200);
}

describe('GET /api/teams/mine', () => {
  it('answers no team and nothing last used before any team exists', async () => {
    const reply = await c.call('GET', '/api/teams/mine', { cookie: c.cookies.viewer });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: [], last_used: null });
  });

  it('lists the person’s active teams by name, with the one they last sent for', async () => {
    const sender = await me(c.cookies.sender);
    const zeta = await team('Zeta legal', [sender]);
    const alpha = await team('Alpha HR', [sender]);
    const gone = await team('Archived ops', [sender]);
    await team('Not mine', []);
    expect((await c.call('POST', `/api/admin/teams/${gone}/archive`, { cookie: c.cookies.admin })).status).toBe(200);

    const before = await c.call('GET', '/api/teams/mine', { cookie: c.cookies.sender });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      data: [
        { id: alpha, name: 'Alpha HR', source: 'manual' },
        { id: zeta, name: 'Zeta legal', source: 'manual' },
      ],
      last_used: null,
    });

    await sendFor(zeta);
    expect((await c.call('GET', '/api/teams/mine', { cookie: c.cookies.sender })).body.last_used).toBe(zeta);
    await sendFor(alpha);
    expect((await c.call('GET', '/api/teams/mine', { cookie: c.cookies.sender })).body.last_used).toBe(alpha);

    // Another person's teams are not theirs to read.
    expect((await c.call('GET', '/api/teams/mine', { cookie: c.cookies.operator })).body.data).toEqual([]);
  });

  it('asks for a session', async () => {
    expectConsoleError(await c.call('GET', '/api/teams/mine', { cookie: null }), 401, 'UNAUTHENTICATED');
  });
});
