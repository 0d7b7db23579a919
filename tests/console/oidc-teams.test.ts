import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/test-stack';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { callbackAnswer, throughProvider } from '../support/oidc-sign-in';
import { CONSOLE_PORTS, startTestConsole, type TestConsole } from './harness';
import { accessRequest, idem, sentPackageViaConsole } from './console-fixtures';

// Teams from the identity provider's groups (issue 38, OIDC_TEAM_MAP): the test provider's
// groups put two people in two teams, each sees their own team's records alone, and moving a
// person between groups at the provider moves what they see at their next sign-in (not before),
// with each team's membership change in the audit log under that team.

let c: TestConsole;
let idp: TestProvider;
let consoleUrl: string;

beforeAll(async () => {
  const consolePort = await freePort(CONSOLE_PORTS);
  consoleUrl = `http://127.0.0.1:${consolePort}`;
  idp = await startTestProvider({
    port: await freePort(),
    redirectUri: `${consoleUrl}/api/auth/oidc/callback`,
    postLogoutRedirectUri: `${consoleUrl}/sign-in?signed_out=1`,
  });
  c = await startTestConsole({
    port: consolePort,
    env: {
      CONSOLE_PUBLIC_URL: consoleUrl,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_ROLE_MAP: 'signdesk-senders=sender,signdesk-ops=operator',
      OIDC_TEAM_MAP: 'acme-hr=HR,acme-legal=Legal',
    },
  });
});
afterAll(async () => {
  await c?.close();
  await idp?.close();
});

const person = (id: string, groups: string[]) => idp.people.set(id, { email: `${id}@acme.test`, name: `Person ${id}`, groups });

async function signIn(id: string) {
  const { callback, consoleJar } = await throughProvider(consoleUrl, id);
  const answer = await callbackAnswer(callback, consoleJar);
  expect(answer.status).toBe(302);
  if (!answer.cookie) throw new Error(`${id} was not signed in`);
  return answer.cookie;
}

const packageIds = async (cookie: string) => {
  const reply = await c.call('GET', '/api/packages?size=100', { cookie });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return (reply.body.data as { id: string }[]).map((p) => p.id);
};
const requestIds = async (cookie: string) => {
  const reply = await c.call('GET', '/api/approval-requests?size=100', { cookie });
  expect(reply.status, reply.bytes.toString('utf8').slice(0, 300)).toBe(200);
  return (reply.body.data as { id: string }[]).map((r) => r.id);
};
const myTeams = async (cookie: string) =>
  ((await c.call('GET', '/api/teams/mine', { cookie })).body.data as { name: string; source: string }[]).map(
    (t) => `${t.name} (${t.source})`,
  );

describe('teams from the provider’s groups', () => {
  const teamIds: Record<string, string> = {};
  const made = {} as Record<'ada' | 'bob', { pkg: string; request: string }>;
  let ada: string;
  let bob: string;

  beforeAll(async () => {
    for (const name of ['HR', 'Legal']) {
      const team = await c.call('POST', '/api/admin/teams', { cookie: c.cookies.admin, body: { name } });
      expect(team.status, team.bytes.toString('utf8').slice(0, 300)).toBe(200);
      teamIds[name] = team.body.id as string;
    }
    person('ada', ['signdesk-senders', 'signdesk-ops', 'acme-hr']);
    person('bob', ['signdesk-senders', 'signdesk-ops', 'acme-legal']);
    ada = await signIn('ada');
    bob = await signIn('bob');
    for (const [who, cookie] of [
      ['ada', ada],
      ['bob', bob],
    ] as const) {
      const pkg = (await sentPackageViaConsole(c, cookie)).id;
      const submitted = await c.call('POST', '/api/approval-requests', {
        cookie,
        body: accessRequest(),
        idempotencyKey: idem('submit'),
      });
      expect(submitted.status, submitted.bytes.toString('utf8').slice(0, 300)).toBe(200);
      made[who] = { pkg, request: submitted.body.id as string };
    }
  });

  it('puts each person in the team their group names, and each sees their own team’s records alone', async () => {
    expect(await myTeams(ada)).toEqual(['HR (provider)']);
    expect(await myTeams(bob)).toEqual(['Legal (provider)']);
    expect(await packageIds(ada)).toContain(made.ada.pkg);
    expect(await packageIds(ada)).not.toContain(made.bob.pkg);
    expect(await requestIds(bob)).toEqual([made.bob.request]);
  });

  it('moves what a person sees when their group moves, at their next sign-in', async () => {
    person('ada', ['signdesk-senders', 'signdesk-ops', 'acme-legal']);
    // The session she has keeps the memberships she had: the provider is read at sign-in.
    expect(await packageIds(ada)).toContain(made.ada.pkg);
    const again = await signIn('ada');
    expect(await myTeams(again)).toEqual(['Legal (provider)']);
    const packages = await packageIds(again);
    expect(packages).toContain(made.bob.pkg);
    // What she sent for HR stays HR's: she sees it no longer.
    expect(packages).not.toContain(made.ada.pkg);
    expect(await requestIds(again)).toEqual([made.bob.request]);
    const hers = await c.call('GET', `/api/packages/${made.ada.pkg}`, { cookie: again });
    expect(hers.status).toBe(404);
    // Bob, still in Legal, is not moved.
    expect(await packageIds(bob)).not.toContain(made.ada.pkg);
    for (const [name, change] of [
      ['HR', 'removed'],
      ['Legal', 'added'],
    ] as const) {
      const audit = await c.call('GET', `/api/admin/audit?operation=team.members_sync&team=${teamIds[name]}`, {
        cookie: c.cookies.admin,
      });
      const rows = audit.body.data as { user_email: string; team_id: string; details: string }[];
      expect(rows.map((r) => [r.user_email, JSON.parse(r.details)[change]])).toContainEqual(['ada@acme.test', [name]]);
      expect(rows.every((r) => r.team_id === teamIds[name])).toBe(true);
    }
  });
});
