import { z } from 'zod';
import { plainText } from '../plain-text.ts';
import { AUDIT_OUTCOMES } from './audit-outcomes.ts';
import { CALENDAR_DAY_MESSAGE, isCalendarDay } from '../calendar-day.ts';
import { DROP_EXCLUDES_STATUS, DROP_NEEDS_AFTER_COMMIT, MAX_FAULT_DELAY_MS } from './fault-limits.ts';
import { ROLES } from '../roles.ts';
import { listQuerySchema } from '../list/schemas.ts';

export const newUserSchema = z.strictObject({
  email: z.email({ message: 'Enter a valid e-mail address' }).max(254),
  name: plainText(z.string().trim().min(1, 'Enter a name').max(120)),
  password: z.string().min(12, 'At least 12 characters').max(200),
  roles: z.array(z.enum(ROLES)).min(1, 'Choose at least one role'),
});
export type NewUserInput = z.infer<typeof newUserSchema>;

export const updateUserSchema = z
  .strictObject({ roles: z.array(z.enum(ROLES)).min(1, 'Choose at least one role').optional(), disabled: z.boolean().optional() })
  .refine((b) => b.roles !== undefined || b.disabled !== undefined, 'Change roles or the disabled flag');

/** An admin's reset of another account's password (POST /api/admin/users/:id/password). */
export const passwordResetSchema = newUserSchema.pick({ password: true });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** How an audited action ended: unknown when its answer never came. */
export { AUDIT_OUTCOMES };

// One check for shape and calendar, so a wrong day is one detail under its parameter's name.
const isoDate = z.string().refine(isCalendarDay, CALENDAR_DAY_MESSAGE);

export const auditQuerySchema = listQuerySchema
  .omit({ q: true })
  .extend({
    user: z.string().trim().max(254).optional(),
    outcome: z.enum(AUDIT_OUTCOMES).optional(),
    operation: z.string().max(80).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** entries about this team (its changes, memberships, and records made or assigned for it) */
    team: z.string().trim().max(64).optional(),
  })
  .strict();

/**
 * One audit log entry as GET /api/admin/audit returns it: the stored row, column for column.
 * The database table type is derived from this, so the two cannot drift apart; strict, so a
 * column the route starts to leak fails the console tests that parse it.
 */
export const auditRowSchema = z.strictObject({
  id: z.number().int(),
  at: z.iso.datetime(),
  user_id: z.string().nullable(),
  user_email: z.string().nullable(),
  /** comma-separated, as recorded at the time */
  roles: z.string().nullable(),
  operation: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  status: z.number().int(),
  error_code: z.string().nullable(),
  upstream_request_id: z.string().nullable(),
  idempotency_key: z.string().nullable(),
  reason: z.string().nullable(),
  /** JSON text */
  details: z.string().nullable(),
  /** the caller's address as the console's server decided it (see TRUSTED_PROXIES); null on older entries */
  client_address: z.string().nullable(),
  /** the console instance that handled the action (INSTANCE_ID, else host:port); null on older entries */
  instance: z.string().nullable(),
  /** the team the entry concerns (a team's change or membership, a record made or assigned for it); null on older entries */
  team_id: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/**
 * An entry as GET /api/admin/audit answers it: the stored row, and for a user target the
 * account it names (by id, or by address where the entry kept the address), looked up when the
 * log is read: the row keeps what was recorded, and a name is shown as the account has it now.
 * Null for other targets and for an id or address no account has.
 */
export const auditLogEntrySchema = auditRowSchema.extend({
  target_user: z.strictObject({ name: z.string(), email: z.string() }).nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const clockSchema = z.strictObject({
  advance_seconds: z
    .number()
    .int()
    .min(1, 'At least one second')
    .max(10 * 365 * 86_400),
});

export const reviewerActionSchema = z.strictObject({
  action: z.enum(['request_revision', 'approve', 'reject']),
  comment: z.string().trim().max(1000).optional(),
  requirements: z
    .array(z.strictObject({ field_key: z.string().max(128).optional(), message: z.string().trim().min(1).max(500) }))
    .max(20)
    .optional(),
});

/** A new workflow release: the current schema again, or the one given (a JSON Schema object). */
export const workflowReleaseSchema = z.strictObject({ schema: z.record(z.string(), z.unknown()).optional() });

export const recipientActionSchema = z.strictObject({ action: z.enum(['deliver', 'complete', 'decline', 'expire']) });

export { DROP_EXCLUDES_STATUS, DROP_NEEDS_AFTER_COMMIT, MAX_FAULT_DELAY_MS };

export const faultRulesSchema = z.strictObject({
  rules: z
    .array(
      z
        .strictObject({
          method: z.enum(['GET', 'POST', 'PATCH', 'DELETE', '*']).default('*'),
          path: z.string().startsWith('/api/v1/', 'Faults apply to /api/v1/ paths').max(300),
          status: z.number().int().min(400).max(599).optional(),
          code: z
            .string()
            .regex(/^[A-Z][A-Z0-9_]*$/, 'UPPER_SNAKE code')
            .max(60)
            .optional(),
          retry_after: z.number().int().min(0).max(3600).optional(),
          times: z.number().int().min(1).max(1000).optional(),
          /** a delay before the answer; alone, the call then succeeds slowly (spinners, timeouts) */
          latency_ms: z.number().int().min(0).max(MAX_FAULT_DELAY_MS).optional(),
          /** let the call run and commit, then fail it (status) or drop its answer: the lost answer of DESIGN.md section 6 */
          after_commit: z.boolean().optional(),
          /** with after_commit: close the connection without an answer, instead of a status */
          drop: z.boolean().optional(),
        })
        .refine((r) => r.status !== undefined || r.latency_ms !== undefined || r.drop === true, {
          message: 'Give a status, a delay, or both',
          path: ['status'],
        })
        // The sandbox's own rules (sandbox/faults.ts), checked before anything reaches it, in words an operator can act on.
        .refine((r) => !r.drop || r.after_commit === true, { message: DROP_NEEDS_AFTER_COMMIT, path: ['drop'] })
        .refine((r) => !r.drop || r.status === undefined, { message: DROP_EXCLUDES_STATUS, path: ['drop'] }),
    )
    .max(20),
});
