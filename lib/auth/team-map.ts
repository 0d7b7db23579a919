// How the identity provider's groups become team memberships (OIDC_TEAM_MAP), read from the same
// groups claim as the roles (OIDC_GROUPS_CLAIM). A group the map does not name gives no team.

export type TeamMap = ReadonlyMap<string, readonly string[]>;

/**
 * `hr-staff=HR,legal=Legal` (a group may appear twice to give two teams). Team names are the
 * console's team names, compared without regard to case; groups as the provider spells them.
 */
export function parseTeamMap(text: string): { ok: true; map: TeamMap } | { ok: false; problem: string } {
  const map = new Map<string, string[]>();
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return { ok: false, problem: 'name at least one group=team pair, e.g. hr-staff=HR' };
  for (const entry of entries) {
    const at = entry.lastIndexOf('=');
    const group = at > 0 ? entry.slice(0, at).trim() : '';
    const team = at > 0 ? entry.slice(at + 1).trim() : '';
    if (!group || !team) return { ok: false, problem: `“${entry}” is not group=team` };
    if (team.length > 80) return { ok: false, problem: `the team in “${entry}” is longer than 80 characters` };
    const teams = map.get(group) ?? [];
    if (!teams.some((t) => t.toLowerCase() === team.toLowerCase())) teams.push(team);
    map.set(group, teams);
  }
  return { ok: true, map };
}

/** The team names the groups map to, each once (as the map spells it first). */
export function teamsFromGroups(groups: readonly string[], map: TeamMap): string[] {
  const given = new Map<string, string>();
  for (const group of groups)
    for (const team of map.get(group) ?? []) if (!given.has(team.toLowerCase())) given.set(team.toLowerCase(), team);
  return [...given.values()];
}
