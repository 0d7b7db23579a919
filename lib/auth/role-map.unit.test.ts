import { describe, expect, it } from 'vitest';
import { claimAt, groupsIn, parseRoleMap, rolesFromGroups } from './role-map.ts';

describe('parseRoleMap', () => {
  it('reads group=role pairs, a group giving several roles', () => {
    const parsed = parseRoleMap(' signdesk-admins=admin, signdesk-senders=sender,signdesk-ops=operator,signdesk-senders=viewer ');
    expect(parsed.ok && [...parsed.map]).toEqual([
      ['signdesk-admins', ['admin']],
      ['signdesk-senders', ['sender', 'viewer']],
      ['signdesk-ops', ['operator']],
    ]);
  });

  it('keeps group names with = or spaces inside as the provider spells them (the last = separates)', () => {
    const parsed = parseRoleMap('CN=Signdesk Admins=admin,/signdesk/senders=sender');
    expect(parsed.ok && [...parsed.map]).toEqual([
      ['CN=Signdesk Admins', ['admin']],
      ['/signdesk/senders', ['sender']],
    ]);
  });

  it('refuses an empty map, a pair without a role and an unknown role, naming it', () => {
    expect(parseRoleMap(' , ')).toEqual({ ok: false, problem: expect.stringMatching(/at least one/) });
    expect(parseRoleMap('admins')).toEqual({ ok: false, problem: '“admins” is not group=role' });
    expect(parseRoleMap('admins=')).toEqual({ ok: false, problem: '“admins=” is not group=role' });
    expect(parseRoleMap('admins=root')).toEqual({
      ok: false,
      problem: '“root” in “admins=root” is not a role (viewer, operator, sender, admin)',
    });
  });
});

describe('claimAt and groupsIn', () => {
  const claims = {
    groups: ['a', 'b', 3],
    realm_access: { roles: ['signdesk-ops'] },
    'https://example.com/groups': 'x',
    single: 'one',
  };

  it('reaches top-level and nested claims, and a claim whose name has dots', () => {
    expect(groupsIn(claimAt(claims, 'groups'))).toEqual(['a', 'b']);
    expect(groupsIn(claimAt(claims, 'realm_access.roles'))).toEqual(['signdesk-ops']);
    expect(groupsIn(claimAt(claims, 'https://example.com/groups'))).toEqual(['x']);
    expect(groupsIn(claimAt(claims, 'single'))).toEqual(['one']);
  });

  it('finds no groups where the path leads nowhere', () => {
    expect(groupsIn(claimAt(claims, 'missing'))).toEqual([]);
    expect(groupsIn(claimAt(claims, 'groups.0'))).toEqual([]);
    expect(groupsIn(claimAt(claims, 'realm_access'))).toEqual([]);
  });
});

describe('rolesFromGroups', () => {
  const map = (parseRoleMap('admins=admin,senders=sender,senders=viewer,ops=operator') as { ok: true; map: Map<string, never> })
    .map;

  it('gives the roles of the mapped groups only, in the console’s order, with the groups that gave them', () => {
    expect(rolesFromGroups(['everyone', 'senders', 'ops'], map)).toEqual({
      roles: ['viewer', 'operator', 'sender'],
      mappedGroups: ['senders', 'ops'],
    });
  });

  it('gives nothing for groups the map does not name, however they are spelt', () => {
    expect(rolesFromGroups(['Admins', 'admins ', 'everyone'], map)).toEqual({ roles: [], mappedGroups: [] });
  });
});
