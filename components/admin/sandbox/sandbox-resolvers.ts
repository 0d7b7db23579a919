import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { DROP_EXCLUDES_STATUS, DROP_NEEDS_AFTER_COMMIT, FAULT_METHODS, MAX_FAULT_DELAY_MS } from '@/lib/admin/fault-limits';
import { clockSchema, faultRulesSchema, reviewerActionSchema } from '@/lib/admin/schemas';
import { SIGN_TEMPLATE_NAME, signTemplatePublishSchema } from '@/lib/admin/sign-template-schemas';
import { UNITS } from './clock-units';
import { isBlank } from './requirement-rows';

// The sandbox panel's form checks, imported lazily (lazyResolver) so that zod and the schemas
// load at a form's first validation, not with the panel. The forms name their values' types
// from here with type-only imports, which add no code.

// The custom clock advance: an amount of a unit, as seconds.
const clockSchemaOfForm = z
  .object({
    amount: z.coerce.number<string>({ message: 'Enter a number' }).int('Whole numbers only').min(1, 'At least 1'),
    unit: z.enum(['minutes', 'hours', 'days']),
  })
  .transform((v, ctx) => {
    const parsed = clockSchema.shape.advance_seconds.safeParse(v.amount * UNITS[v.unit]);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'At most 10 years at once' });
    return v.amount * UNITS[v.unit];
  });

const rule = faultRulesSchema.shape.rules.element;
const blankOr = (n: z.ZodNumber) => z.union([z.literal(''), z.coerce.number<string>({ message: 'Enter a number' }).pipe(n)]);

const faultSchema = z
  .object({
    method: z.enum(FAULT_METHODS),
    path: z.string().trim().pipe(rule.shape.path),
    status: blankOr(z.number().int().min(400, '400 to 599').max(599, '400 to 599')),
    code: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .pipe(
          z
            .string()
            .regex(/^[A-Z][A-Z0-9_]*$/, 'UPPER_SNAKE, e.g. SERVICE_UNAVAILABLE')
            .max(60),
        ),
    ]),
    retry_after: blankOr(z.number().int('Whole seconds').min(0, '0 to 3600').max(3600, '0 to 3600')),
    times: blankOr(z.number().int('Whole number').min(1, '1 to 1000').max(1000, '1 to 1000')),
    latency_ms: blankOr(
      z
        .number()
        .int('Whole milliseconds')
        .min(1, `1 to ${MAX_FAULT_DELAY_MS}`)
        .max(MAX_FAULT_DELAY_MS, `1 to ${MAX_FAULT_DELAY_MS}`),
    ),
    after_commit: z.boolean(),
    drop: z.boolean(),
  })
  // A rule that neither fails nor waits would do nothing at all.
  .refine((v) => v.status !== '' || v.latency_ms !== '' || v.drop, {
    message: 'Give a status, a delay, or both',
    path: ['status'],
  })
  .refine((v) => !v.drop || v.after_commit, { message: DROP_NEEDS_AFTER_COMMIT, path: ['drop'] })
  .refine((v) => !v.drop || v.status === '', { message: DROP_EXCLUDES_STATUS, path: ['drop'] });

const requirement = reviewerActionSchema.shape.requirements.unwrap().element;
const reviewerSchema = z
  .object({
    action: reviewerActionSchema.shape.action,
    comment: z.string().trim().max(1000, 'At most 1000 characters'),
    requirements: z.array(z.object({ field_key: z.string(), message: z.string().trim().max(500, 'At most 500 characters') })),
  })
  .superRefine((v, ctx) => {
    if (v.action !== 'request_revision') return;
    // Requirements are optional: a row left wholly empty is no requirement; a row naming a field must say what.
    v.requirements.forEach((r, i) => {
      if (isBlank(r)) return;
      if (!requirement.shape.message.safeParse(r.message).success)
        ctx.addIssue({ code: 'custom', path: ['requirements', i, 'message'], message: 'Say what must change' });
    });
  });

// The template's name may be left empty: the sandbox then names it after the document.
const templateName = signTemplatePublishSchema.shape.name.unwrap();
const signTemplateSchema = z.object({
  name: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || templateName.safeParse(v).success,
      `${SIGN_TEMPLATE_NAME.min}-${SIGN_TEMPLATE_NAME.max} characters, or leave it empty`,
    ),
});

export type FaultValues = z.input<typeof faultSchema>;
export type FaultOutput = z.output<typeof faultSchema>;
export type ReviewerValues = z.input<typeof reviewerSchema>;
export type SignTemplateValues = z.input<typeof signTemplateSchema>;

export const clockResolver = zodResolver(clockSchemaOfForm);
export const faultResolver = zodResolver(faultSchema);
export const reviewerResolver = zodResolver(reviewerSchema);
export const signTemplateResolver = zodResolver(signTemplateSchema);
