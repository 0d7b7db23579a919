import 'server-only';
import { db } from '../db';
import { ConsoleError } from '../errors';
import { recordsOf } from '../send-records/find-send-records';
import { SigningApiError } from '../signing-api/client/errors';
import { getPackage } from '../signing-api/packages';
import { packageTeamOf } from '../teams/assign-record';
import { idsInScope } from '../teams/visible-records';

/** A package that is not there and one of another team answer the same, so nothing confirms the other exists. */
export const noPackage = () => new ConsoleError(404, 'NOT_FOUND', 'No such package.');

/**
 * One package as the API has it, with what the console recorded when it sent it (or null) and
 * the team it belongs to (or null). Seen through teams, only a package of one of the reader's
 * teams (sent for it, or given to it by an admin) is read at all.
 */
export async function readPackage({ id }: { id: string }) {
  const conn = await db();
  const seen = await idsInScope(conn, 'package', [id]);
  if (seen && !seen.has(id)) throw noPackage();
  let pkg: Awaited<ReturnType<typeof getPackage>>;
  try {
    pkg = await getPackage(id);
  } catch (err) {
    if (err instanceof SigningApiError && err.status === 404) throw noPackage();
    throw err;
  }
  const [records, team] = await Promise.all([recordsOf(conn, [pkg.id]), packageTeamOf(conn, pkg.id)]);
  return { ...pkg, console_record: records.get(pkg.id) ?? null, team };
}
