import { z } from 'zod';

// What the console's team routes accept and answer (Admin → Teams).

export const TEAM_NAME_MAX = 80;

export const teamIdSchema = z.string().regex(/^team_[A-Za-z0-9_-]{6,40}$/, 'is not a team id');

export const teamNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the team a name.')
  .max(TEAM_NAME_MAX, `At most ${TEAM_NAME_MAX} characters.`)
  .regex(/^[^\p{Cc}]*$/u, 'No control characters.');

export const teamCreateSchema = z.strictObject({ name: teamNameSchema });
export const teamRenameSchema = z.strictObject({ name: teamNameSchema });
export const teamMemberAddSchema = z.strictObject({ user_id: z.string().min(1).max(100) });

/** POST /api/admin/teams/{id}/assign-packages: whose past packages of no team become the team's. */
export const teamAssignPackagesSchema = z.strictObject({ user_id: z.string().min(1).max(100) });

/** POST /api/approval-requests/{id}/team, /api/documents/{id}/team: the team a record of no team is given to. */
export const assignTeamSchema = z.strictObject({ team_id: teamIdSchema });

/** GET and POST …/{id}/team: the team a record belongs to (null: none). */
export const recordTeamSchema = z.object({
  id: z.string(),
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  assigned: z.boolean().optional(),
});
export type RecordTeamAnswer = z.infer<typeof recordTeamSchema>;

export const MEMBERSHIP_SOURCES = ['manual', 'provider'] as const;
export type MembershipSource = (typeof MEMBERSHIP_SOURCES)[number];

export const teamMemberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  /** manual: an admin added them; provider: the identity provider's groups did (not edited by hand) */
  source: z.enum(MEMBERSHIP_SOURCES),
  added_at: z.string(),
});

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  members: z.array(teamMemberSchema),
});
export type Team = z.infer<typeof teamSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamListSchema = z.object({ data: z.array(teamSchema) });

/** A list's team filter: one team's records, or `none`, those of no team (made before teams or by other means). */
export const teamFilterSchema = z.union([teamIdSchema, z.literal('none')]).optional();

/** A team a record is made for: optional in a create body, checked to be one of the maker's. */
export const teamChoiceSchema = teamIdSchema.optional();

/** GET /api/teams/mine: the signed-in person's active teams, and the one they last sent for. */
export const myTeamsSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), source: z.enum(MEMBERSHIP_SOURCES) })),
  last_used: z.string().nullable(),
});
export type MyTeams = z.infer<typeof myTeamsSchema>;
