import 'server-only';
import { redirect } from 'next/navigation';
import { DATABASE_UNAVAILABLE } from '@/lib/database-unavailable';
import { can, type Permission } from '@/lib/roles';
import { isDatabaseUnavailable } from '../db/unavailable';
import { requestRecord } from '../edge/request-record';
import { currentSession } from './session';

/**
 * A page's session read met the database out of reach. In production the browser learns
 * nothing of a server error but its digest, so this one carries a digest of its own, by which
 * the error page (app/error.tsx) tells an outage apart from a bug.
 */
class DatabaseUnavailableError extends Error {
  readonly digest = DATABASE_UNAVAILABLE;
}

/** For server components: the session, as currentSession reads it, with an outage marked. */
export async function pageSession() {
  try {
    return await currentSession(false);
  } catch (err) {
    if (isDatabaseUnavailable(err)) {
      // The console's server answers the page 503 with Retry-After, so alerts tell an outage from a bug.
      const record = requestRecord();
      if (record) record.databaseUnavailable = true;
      throw new DatabaseUnavailableError("The console's database is unavailable.", { cause: err });
    }
    throw err;
  }
}

/** For server components: the signed-in user, or a redirect to sign-in. */
export async function requireUser() {
  const state = await pageSession();
  if (!state.user) redirect(state.reason === 'expired' ? '/sign-in?expired=1' : '/sign-in');
  return state.user;
}

/** The user when their roles allow `permission`; null lets the page explain the refusal. */
export async function userWith(permission: Permission) {
  const user = await requireUser();
  return can(user.roles, permission) ? user : null;
}
