import 'server-only';
import { db } from '../db';
import { recordsOf } from '../send-records/find-send-records';
import { getPackage } from '../signing-api/packages';

/** One package as the API has it, with what the console recorded when it sent it (or null). */
export async function readPackage({ id }: { id: string }) {
  const pkg = await getPackage(id);
  const records = await recordsOf(await db(), [pkg.id]);
  return { ...pkg, console_record: records.get(pkg.id) ?? null };
}
