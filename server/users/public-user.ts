import 'server-only';
import type { User } from './users';

/** The part of a user the browser may see. */
export const publicUser = (u: User) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  roles: u.roles,
  disabled: u.disabled,
  created_at: u.createdAt,
  updated_at: u.updatedAt,
  origin: u.origin,
  last_sign_in_at: u.lastSignInAt,
});
