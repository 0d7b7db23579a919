import { ROLES, type Role } from '../roles.ts';

// How the identity provider's groups become Signdesk's roles (OIDC_ROLE_MAP, OIDC_GROUPS_CLAIM).
// Roles come only from mapped groups: a group the map does not name gives nothing.

export type RoleMap = ReadonlyMap<string, readonly Role[]>;

/**
 * `signdesk-admins=admin,signdesk-senders=sender` (a group may appear twice to give two roles).
 * Group names are kept as the provider spells them: providers compare them exactly.
 */
export function parseRoleMap(text: string): { ok: true; map: RoleMap } | { ok: false; problem: string } {
  const map = new Map<string, Role[]>();
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return { ok: false, problem: 'name at least one group=role pair, e.g. signdesk-admins=admin' };
  for (const entry of entries) {
    const at = entry.lastIndexOf('=');
    const group = at > 0 ? entry.slice(0, at).trim() : '';
    const role = at > 0 ? entry.slice(at + 1).trim() : '';
    if (!group || !role) return { ok: false, problem: `“${entry}” is not group=role` };
    if (!(ROLES as readonly string[]).includes(role))
      return { ok: false, problem: `“${role}” in “${entry}” is not a role (${ROLES.join(', ')})` };
    const roles = map.get(group) ?? [];
    if (!roles.includes(role as Role)) roles.push(role as Role);
    map.set(group, roles);
  }
  return { ok: true, map };
}

/** A claim by dotted path (`realm_access.roles`); a name with a dot of its own is tried whole first. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) return claims[path];
  let value: unknown = claims;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The groups a claim holds: a list of strings, or one string; anything else holds none. */
export function groupsIn(claim: unknown): string[] {
  if (typeof claim === 'string') return [claim];
  if (Array.isArray(claim)) return claim.filter((g): g is string => typeof g === 'string');
  return [];
}

/** The roles the groups map to, in the console's order, and the groups that gave them. */
export function rolesFromGroups(groups: readonly string[], map: RoleMap): { roles: Role[]; mappedGroups: string[] } {
  const given = new Set<Role>();
  const mappedGroups: string[] = [];
  for (const group of groups) {
    const roles = map.get(group);
    if (!roles) continue;
    mappedGroups.push(group);
    for (const role of roles) given.add(role);
  }
  return { roles: ROLES.filter((r) => given.has(r)), mappedGroups };
}
