import 'server-only';
import { db } from '../db';
import { ConsoleError } from '../errors';
import { recordsOf } from '../send-records/find-send-records';
import { SigningApiError } from '../signing-api/client/errors';
import { getPackage } from '../signing-api/packages';
import { currentScope } from '../teams/scope';

/** A package that is not there and one of another team answer the same, so nothing confirms the other exists. */
export const noPackage = () => new ConsoleError(404, 'NOT_FOUND', 'No such package.');

/**
 * One package as the API has it, with what the console recorded when it sent it (or null). Seen
 * through teams, only a package the console sent for one of the reader's teams is read at all.
 */
export async function readPackage({ id }: { id: string }) {
  const conn = await db();
  const scoped = (await currentScope()).kind === 'teams';
  const records = scoped ? await recordsOf(conn, [id]) : null;
  if (records && !records.has(id)) throw noPackage();
  let pkg: Awaited<ReturnType<typeof getPackage>>;
  try {
    pkg = await getPackage(id);
  } catch (err) {
    if (err instanceof SigningApiError && err.status === 404) throw noPackage();
    throw err;
  }
  return { ...pkg, console_record: (records ?? (await recordsOf(conn, [pkg.id]))).get(pkg.id) ?? null };
}
