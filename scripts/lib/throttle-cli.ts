import { userInfo } from 'node:os';
import type { Kysely } from 'kysely';
import { recordAudit, shellInstance } from '../../server/audit.ts';
import { liftThrottle, listThrottled } from '../../server/auth/throttle-admin.ts';
import type { Database } from '../../server/db/schema.ts';
import { normaliseEmail } from '../../server/users/users.ts';

// Sign-in throttles from a shell (`npm run unthrottle`; callable from `npm run user` as well):
// the same listing and lift as Admin → Users, for when no admin can sign in.

/** The throttled accounts, one a line: e-mail, attempts, until when. */
export async function printThrottled(conn: Kysely<Database>, print: (line: string) => void = console.log): Promise<void> {
  const throttled = await listThrottled(conn);
  if (throttled.length === 0) return print('No account is throttled.');
  for (const t of throttled) print(`${t.email}\t${t.attempts} attempts\tuntil ${t.until}`);
}

/**
 * Lifts an account's throttle and records it in the audit log as the Users page does, with no
 * signed-in user: the entry names the shell's user instead. Says whether there was one to lift.
 */
export async function liftFromShell(
  conn: Kysely<Database>,
  email: string,
  print: (line: string) => void = console.log,
): Promise<boolean> {
  const account = normaliseEmail(email);
  const lifted = (await liftThrottle(conn, account)) > 0;
  await recordAudit(conn, {
    user: null,
    operation: 'auth.throttle_lift',
    targetType: 'user',
    targetId: account,
    outcome: 'success',
    status: 200,
    details: { via: 'command line', os_user: userInfo().username, lifted },
    instance: shellInstance(),
  });
  print(lifted ? `Lifted the sign-in throttle of ${account}.` : `${account} was not throttled.`);
  return lifted;
}
