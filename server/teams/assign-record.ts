import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { getRequest } from '../signing-api/approval-requests';
import { getDocument } from '../signing-api/documents';
import { getPackage } from '../signing-api/packages';
import { noteRecordTeam } from './scope';

/** The records an admin gives to a team one at a time (a sender's past packages go at once: assign-packages.ts). */
export type AssignableKind = 'approval_request' | 'document' | 'package';

const NOUN: Record<AssignableKind, string> = { approval_request: 'approval request', document: 'document', package: 'package' };

export interface RecordTeam {
  id: string;
  team: { id: string; name: string } | null;
}

type Note = { team_id: string | null; team_name: string | null };

/**
 * A package's note: its send record, where the console sent it (the one of a team first, should
 * there be two), else what package_teams noted when an admin gave it to a team.
 */
async function packageNote(db: Kysely<Database>, id: string): Promise<Note | undefined> {
  const sent = await db
    .selectFrom('send_records')
    .leftJoin('teams', 'teams.id', 'send_records.team_id')
    .select(['send_records.team_id', 'teams.name as team_name'])
    .where('send_records.package_id', '=', id)
    .execute();
  if (sent.length > 0) return sent.find((s) => s.team_id !== null) ?? sent[0];
  return db
    .selectFrom('package_teams')
    .leftJoin('teams', 'teams.id', 'package_teams.team_id')
    .select(['package_teams.team_id', 'teams.name as team_name'])
    .where('package_teams.package_id', '=', id)
    .executeTakeFirst();
}

/** The console's note of a record (its team, if any), read the same way for every kind. */
function noteOf(db: Kysely<Database>, kind: AssignableKind, id: string): Promise<Note | undefined> {
  if (kind === 'package') return packageNote(db, id);
  const read =
    kind === 'approval_request'
      ? db
          .selectFrom('approval_submissions')
          .leftJoin('teams', 'teams.id', 'approval_submissions.team_id')
          .select(['approval_submissions.team_id', 'teams.name as team_name'])
          .where('approval_submissions.request_id', '=', id)
      : db
          .selectFrom('document_uploads')
          .leftJoin('teams', 'teams.id', 'document_uploads.team_id')
          .select(['document_uploads.team_id', 'teams.name as team_name'])
          .where('document_uploads.document_id', '=', id);
  return read.executeTakeFirst();
}

/** What a request's row holds when the API's answer names no workflow. */
export const UNKNOWN_WORKFLOW = '';

const teamOf = (note: Note | undefined) => (note?.team_id ? { id: note.team_id, name: note.team_name ?? note.team_id } : null);

/** The team a package belongs to, as its page says (null: none, or not one the console knows of). */
export const packageTeamOf = async (db: Kysely<Database>, id: string) => teamOf(await packageNote(db, id));

/** Asks the API for a record, so one it does not have answers as it does (404). */
const readFromApi = (kind: AssignableKind, id: string) =>
  kind === 'approval_request' ? getRequest(id) : kind === 'document' ? getDocument(id) : getPackage(id);

/**
 * A record the console has no note of was made by other means: it is asked of the API, so a
 * missing one answers as the API does (404) and one that is there is noted as the console would
 * have noted it, marked as assigned by the admin (who is not its maker: see the schema's
 * assigned_by); a workflow the API does not name is recorded as unknown, never guessed. A
 * package, which the console notes only when it sends one, is noted apart (package_teams).
 */
async function noteFromApi(db: Kysely<Database>, kind: AssignableKind, id: string, by: { userId: string; teamId: string }) {
  if (kind === 'package') {
    const pkg = await getPackage(id);
    const result = await db
      .insertInto('package_teams')
      .values({ package_id: pkg.id, team_id: by.teamId, assigned_by: by.userId, assigned_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('package_id').doNothing())
      .returning('package_id')
      .executeTakeFirst();
    return result !== undefined;
  }
  if (kind === 'approval_request') {
    const request = await getRequest(id);
    const result = await db
      .insertInto('approval_submissions')
      .values({
        request_id: request.id,
        user_id: by.userId,
        team_id: by.teamId,
        workflow_id: request.workflow_id ?? UNKNOWN_WORKFLOW,
        workflow_name: request.workflow_name ?? null,
        submitted_at: request.submitted_at ?? request.created_at ?? new Date().toISOString(),
        assigned_by: by.userId,
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('request_id')
      .executeTakeFirst();
    return result !== undefined;
  }
  const document = await getDocument(id);
  const result = await db
    .insertInto('document_uploads')
    .values({
      document_id: document.id,
      user_id: by.userId,
      team_id: by.teamId,
      uploaded_at: document.created_at ?? new Date().toISOString(),
      assigned_by: by.userId,
    })
    .onConflict((oc) => oc.column('document_id').doNothing())
    .returning('document_id')
    .executeTakeFirst();
  return result !== undefined;
}

/** Gives a noted record of no team to `teamId`, only if it still has none: true when this call gave it. */
async function claim(db: Kysely<Database>, kind: AssignableKind, id: string, teamId: string) {
  // A package sent from here: its send record(s) of no team (one noted in package_teams always has one).
  const result =
    kind === 'package'
      ? await db
          .updateTable('send_records')
          .set({ team_id: teamId })
          .where('package_id', '=', id)
          .where('team_id', 'is', null)
          .executeTakeFirst()
      : kind === 'approval_request'
        ? await db
            .updateTable('approval_submissions')
            .set({ team_id: teamId })
            .where('request_id', '=', id)
            .where('team_id', 'is', null)
            .executeTakeFirst()
        : await db
            .updateTable('document_uploads')
            .set({ team_id: teamId })
            .where('document_id', '=', id)
            .where('team_id', 'is', null)
            .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Which team a record belongs to (none: no note, or a note of no team); a record the API does not have is 404. */
export async function readRecordTeam(db: Kysely<Database>, kind: AssignableKind, id: string): Promise<RecordTeam> {
  const note = await noteOf(db, kind, id);
  if (!note) await readFromApi(kind, id);
  return { id, team: teamOf(note) };
}

/**
 * "Assign to a team" for a record of no team (one made before teams, or by other means): it
 * becomes the team's only if it is still of none, so two admins (or a retried click) never move
 * a record from one team to another. The same team again answers assigned: false; another
 * team's record is refused (409) with whose it is.
 */
export async function assignRecordTeam(
  db: Kysely<Database>,
  { kind, id, teamId, userId }: { kind: AssignableKind; id: string; teamId: string; userId: string },
): Promise<RecordTeam & { assigned: boolean }> {
  const team = await db.selectFrom('teams').select(['id', 'name', 'archived_at']).where('id', '=', teamId).executeTakeFirst();
  if (!team)
    throw new ConsoleError(422, 'TEAM_NOT_FOUND', 'No such team.', [{ path: 'team_id', message: 'no team has this id' }]);
  if (team.archived_at) throw new ConsoleError(409, 'TEAM_ARCHIVED', 'This team is archived: nothing can be assigned to it.');
  noteRecordTeam(teamId);
  const given = { id, team: { id: team.id, name: team.name } };
  let note = await noteOf(db, kind, id);
  if (!note) {
    if (await noteFromApi(db, kind, id, { userId, teamId })) return { ...given, assigned: true };
    note = await noteOf(db, kind, id);
  }
  if (note && !note.team_id) {
    if (await claim(db, kind, id, teamId)) return { ...given, assigned: true };
    note = await noteOf(db, kind, id);
  }
  if (note?.team_id === teamId) return { ...given, assigned: false };
  const owner = teamOf(note);
  throw new ConsoleError(
    409,
    'ALREADY_IN_TEAM',
    `This ${NOUN[kind]} already belongs to ${owner?.name ?? 'another team'}: only a record of no team is assigned here.`,
    [{ path: 'team_id', message: `already ${owner?.name ?? 'another team'}’s` }],
  );
}
