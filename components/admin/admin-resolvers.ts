import { zodResolver } from '@hookform/resolvers/zod';
import { newUserSchema, passwordResetSchema } from '@/lib/admin/schemas';
import { teamCreateSchema } from '@/lib/teams/schemas';

// The admin dialogs' checks, imported lazily (lazyResolver) so that zod and the schemas load
// at a dialog's first validation, not with the list pages that offer the dialogs.
export const newUserResolver = zodResolver(newUserSchema);
export const rolesResolver = zodResolver(newUserSchema.pick({ roles: true }));
export const passwordResetResolver = zodResolver(passwordResetSchema);
export const teamNameResolver = zodResolver(teamCreateSchema);
