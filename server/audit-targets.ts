import 'server-only';
import type { Kysely } from 'kysely';
import type { AuditLogEntry, AuditRow } from '@/lib/admin/schemas';
import type { Database } from './db/schema';

/**
 * The entries of one page of the log, each user target with the account it names: the stored
 * id (or the address, where the entry recorded the address: an account added, a sign-in tried,
 * a throttle lifted) alone tells an admin nothing. One query for the page, whatever its size.
 */
export async function withTargetUsers(db: Kysely<Database>, rows: AuditRow[]): Promise<AuditLogEntry[]> {
  const refs = [...new Set(rows.flatMap((r) => (r.target_type === 'user' && r.target_id ? [r.target_id] : [])))];
  const accounts =
    refs.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'email', 'name'])
          .where((eb) => eb.or([eb('id', 'in', refs), eb('email', 'in', refs)]))
          .execute();
  // Ids start usr_ and addresses hold an @, so one key never names two accounts.
  const byRef = new Map(accounts.flatMap((a) => [[a.id, a] as const, [a.email, a] as const]));
  return rows.map((row) => {
    const account = row.target_type === 'user' && row.target_id ? byRef.get(row.target_id) : undefined;
    return { ...row, target_user: account ? { name: account.name, email: account.email } : null };
  });
}
