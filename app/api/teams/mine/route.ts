import { db } from '@/server/db';
import { handler } from '@/server/http/handler';
import { lastUsedTeam } from '@/server/teams/team-for-record';
import { teamsOfUser } from '@/server/teams/team-store';

// GET: the signed-in person's active teams (by name, with where each membership came from) and
// the one they last sent a package or made a batch for: the send, bulk and import forms offer
// "Send for team" from it, that one first. Nobody else's teams are read.
export const GET = handler({ permission: 'read' }, async ({ user }) => {
  const conn = await db();
  const teams = await teamsOfUser(conn, user.id);
  const last = await lastUsedTeam(
    conn,
    user.id,
    teams.map((t) => t.id),
  );
  return { data: teams.map((t) => ({ id: t.id, name: t.name, source: t.source })), last_used: last ?? null };
});
