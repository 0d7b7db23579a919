'use client';

import { api } from '@/lib/api-client';
import { adminKeys, type AdminUser } from '@/lib/admin/queries';
import type { Role } from '@/lib/roles';
import type { NewUserInput } from '@/lib/admin/schemas';
import { useKeyedMutation, type KeyedMutationHandlers } from '../use-keyed-mutation';

// Account writes of the console's own user store. Its routes take no Idempotency-Key (a
// repeated create answers EMAIL_TAKEN, a repeated change sets the same value), so the
// requests leave the hook's key out. Every write is audited, so the audit log is read again.
const READS = [adminKeys.users, adminKeys.audit];

/** POST /api/admin/users. */
export function useCreateUser(handlers: KeyedMutationHandlers<NewUserInput, AdminUser> = {}) {
  return useKeyedMutation({
    scope: 'user-create',
    request: (input: NewUserInput) => api<AdminUser>('/api/admin/users', { method: 'POST', body: input }),
    invalidates: READS,
    ...handlers,
  });
}

export type UserChange = { id: string; roles?: Role[]; disabled?: boolean };

/** PATCH /api/admin/users/:id with new roles or the disabled flag. */
export function useUpdateUser(handlers: KeyedMutationHandlers<UserChange, AdminUser> = {}) {
  return useKeyedMutation({
    scope: 'user-update',
    request: ({ id, ...change }: UserChange) =>
      api<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }),
    invalidates: READS,
    ...handlers,
  });
}

export type PasswordReset = { id: string; password: string };

/** POST /api/admin/users/:id/password: a new password, which ends the account's sessions. */
export function useResetPassword(handlers: KeyedMutationHandlers<PasswordReset, AdminUser> = {}) {
  return useKeyedMutation({
    scope: 'user-password-reset',
    request: ({ id, password }: PasswordReset) =>
      api<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/password`, { method: 'POST', body: { password } }),
    invalidates: READS,
    ...handlers,
  });
}

export type ThrottleLift = { email: string; lifted: boolean };

/** DELETE /api/admin/throttles/:email: the account may sign in again at once, from anywhere. */
export function useLiftThrottle(handlers: KeyedMutationHandlers<string, ThrottleLift> = {}) {
  return useKeyedMutation({
    scope: 'throttle-lift',
    request: (email: string) => api<ThrottleLift>(`/api/admin/throttles/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    invalidates: [adminKeys.throttles, adminKeys.audit],
    ...handlers,
  });
}
