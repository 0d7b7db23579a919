import 'server-only';
import { redirect } from 'next/navigation';
import { can, type Permission } from '@/lib/roles';
import { currentSession } from './session';

/** For server components: the signed-in user, or a redirect to sign-in. */
export async function requireUser() {
  const state = await currentSession(false);
  if (!state.user) redirect(state.reason === 'expired' ? '/sign-in?expired=1' : '/sign-in');
  return state.user;
}

/** The user when their roles allow `permission`; null lets the page explain the refusal. */
export async function userWith(permission: Permission) {
  const user = await requireUser();
  return can(user.roles, permission) ? user : null;
}
