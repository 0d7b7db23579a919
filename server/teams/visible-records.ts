import 'server-only';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { currentScope, inScope, type TeamScope } from './scope';

// Which of the console's records (by kind and id) a scope sees, asked for many at once: what
// Home's lists and a person's notifications are filtered by, and the lists of packages, requests
// and documents. A record the console did not make has no team, so through teams it is not seen,
// until an admin gives it to one.

export type RecordKind = 'package' | 'approval_request' | 'bulk_batch' | 'document';

const key = (kind: RecordKind, id: string) => `${kind}:${id}`;

/** Of these records, the keys (`kind:id`) the scope sees; every one when it sees everything. */
export async function visibleRecords(
  db: Kysely<Database>,
  scope: TeamScope,
  records: readonly { kind: RecordKind; id: string }[],
): Promise<Set<string>> {
  if (scope.kind === 'everything') return new Set(records.map((r) => key(r.kind, r.id)));
  const ids = (kind: RecordKind) => [...new Set(records.filter((r) => r.kind === kind).map((r) => r.id))];
  const seen = new Set<string>();
  const packages = ids('package');
  if (packages.length > 0) {
    // Sent from here: its send record's team (a batch's packages each have one, given the
    // batch's team when sent, and an admin may give one of them to a team on its own); its
    // batch's only while no send record holds it; sent by other means: the team an admin gave
    // it (package_teams). One statement.
    const noSendRecord = (ref: 'bulk_rows.package_id' | 'package_teams.package_id') =>
      sql<SqlBool>`not exists (select 1 from send_records s where s.package_id = ${sql.ref(ref)})`;
    const rows = await db
      .selectFrom('send_records')
      .select('package_id as id')
      .where('package_id', 'in', packages)
      .where(inScope('send_records.team_id', scope))
      .unionAll(
        db
          .selectFrom('bulk_rows')
          .innerJoin('bulk_batches', 'bulk_batches.id', 'bulk_rows.batch_id')
          .select('bulk_rows.package_id as id')
          .where('bulk_rows.package_id', 'in', packages)
          .where(inScope('bulk_batches.team_id', scope))
          .where(noSendRecord('bulk_rows.package_id')),
      )
      .unionAll(
        db
          .selectFrom('package_teams')
          .select('package_teams.package_id as id')
          .where('package_teams.package_id', 'in', packages)
          .where(inScope('package_teams.team_id', scope))
          .where(noSendRecord('package_teams.package_id')),
      )
      .execute();
    for (const r of rows) if (r.id) seen.add(key('package', r.id));
    if (scope.noTeam) {
      const noted = await db
        .selectFrom('send_records')
        .select('package_id as id')
        .where('package_id', 'in', packages)
        .unionAll(db.selectFrom('bulk_rows').select('package_id as id').where('package_id', 'in', packages))
        .unionAll(db.selectFrom('package_teams').select('package_id as id').where('package_id', 'in', packages))
        .execute();
      unnoted(
        packages,
        noted.filter((r): r is { id: string } => r.id !== null),
        'package',
        seen,
      );
    }
  }
  const requests = ids('approval_request');
  if (requests.length > 0) {
    const rows = await db
      .selectFrom('approval_submissions')
      .select('request_id as id')
      .where('request_id', 'in', requests)
      .where(inScope('approval_submissions.team_id', scope))
      .execute();
    for (const r of rows) seen.add(key('approval_request', r.id));
    if (scope.noTeam) {
      const noted = await db
        .selectFrom('approval_submissions')
        .select('request_id as id')
        .where('request_id', 'in', requests)
        .execute();
      unnoted(requests, noted, 'approval_request', seen);
    }
  }
  const batches = ids('bulk_batch');
  if (batches.length > 0) {
    const rows = await db
      .selectFrom('bulk_batches')
      .select('id')
      .where('id', 'in', batches)
      .where(inScope('bulk_batches.team_id', scope))
      .execute();
    for (const r of rows) seen.add(key('bulk_batch', r.id));
  }
  const documents = ids('document');
  if (documents.length > 0) {
    const rows = await db
      .selectFrom('document_uploads')
      .select('document_id as id')
      .where('document_id', 'in', documents)
      .where(inScope('document_uploads.team_id', scope))
      .execute();
    for (const r of rows) seen.add(key('document', r.id));
    if (scope.noTeam) {
      const noted = await db
        .selectFrom('document_uploads')
        .select('document_id as id')
        .where('document_id', 'in', documents)
        .execute();
      unnoted(documents, noted, 'document', seen);
    }
  }
  return seen;
}

/** A record the console has no note of was made by other means: of no team, as "no team" lists it for an admin to assign. */
function unnoted(ids: readonly string[], noted: readonly { id: string }[], kind: RecordKind, seen: Set<string>) {
  const known = new Set(noted.map((r) => r.id));
  for (const id of ids) if (!known.has(id)) seen.add(key(kind, id));
}

/** Whether `kind:id` is among what visibleRecords answered. */
export const isVisible = (seen: Set<string>, kind: string, id: string) => seen.has(`${kind}:${id}`);

/**
 * Of these ids of one kind, those the reader's teams see (the request's scope); null when the
 * reader sees everything (an admin, no team defined, TEAM_VISIBILITY=everyone), so a caller need
 * not ask per row.
 */
export async function idsInScope(db: Kysely<Database>, kind: RecordKind, ids: readonly string[]): Promise<Set<string> | null> {
  const scope = await currentScope();
  if (scope.kind === 'everything') return null;
  const seen = await visibleRecords(
    db,
    scope,
    ids.map((id) => ({ kind, id })),
  );
  return new Set(ids.filter((id) => isVisible(seen, kind, id)));
}
