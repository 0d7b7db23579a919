import 'server-only';
import type { Role } from '@/lib/roles';
import type { AuditChange } from '../audit';

/**
 * The audit entries of one PATCH of an account: one per change it makes, each under its own
 * operation. One entry per change rather than one named after the combination
 * (user.roles_change_and_disable): the filter on "Disabled a user" then finds every disabling,
 * whatever else the same request changed, each entry keeps its own change's details, and no
 * label is needed per combination. The changes are applied in one write, so they share one
 * outcome: a refused PATCH records each of its changes as refused.
 */
export function userChanges(change: { roles?: Role[]; disabled?: boolean }): AuditChange[] {
  const entries: AuditChange[] = [];
  if (change.roles !== undefined) entries.push({ operation: 'user.roles_change', details: { roles: change.roles } });
  if (change.disabled === true) entries.push({ operation: 'user.disable' });
  if (change.disabled === false) entries.push({ operation: 'user.enable' });
  return entries;
}
