import { z } from 'zod';
import type { ErrorDetail } from '@/lib/api-error';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { REFERENCE_MAX, signerInputSchema, type PreviewInput } from '@/lib/packages/schemas';
import { normalisePhone } from '@/lib/packages/phone';
import { isCalendarDate } from '@/lib/submission-schema/formats';
import { expiryProblem } from './expiry.ts';

// The sender's form for one template: its sender fields, one signer per designed slot, and
// the expiry. Checked here as the API will check it, so most mistakes never leave the page.

export interface SendFormValues {
  sender_values: Record<string, string>;
  signers: { slot_id: string; name: string; email: string; phone: string }[];
  /** as typed: empty until the sender chooses, since the API has no default and neither does the form */
  expires_in_days: string;
  /** the sender's own reference, kept by the console only; empty for none */
  reference: string;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

export function blankValues(template: SignTemplate): SendFormValues {
  return {
    sender_values: Object.fromEntries(template.sender_fields.map((f) => [f.key, ''])),
    signers: template.slots.map((s) => ({ slot_id: s.slot_id, name: '', email: '', phone: '' })),
    expires_in_days: '',
    reference: '',
  };
}

function senderValueSchema(field: SignTemplate['sender_fields'][number]) {
  let s = z.string().trim().max(500, 'At most 500 characters');
  if (field.type === 'date')
    s = s.refine((v) => v === '' || isCalendarDate(v), 'Enter a real date as YYYY-MM-DD, e.g. 2027-01-31');
  if (field.type === 'number') s = s.refine((v) => v === '' || NUMERIC.test(v), 'Enter a number, e.g. 1250.50');
  if (field.required) s = s.refine((v) => v !== '', `Enter the ${field.label.toLowerCase()}`);
  return s;
}

export function sendFormSchema(template: SignTemplate) {
  const { name, email, phone } = signerInputSchema.shape;
  return z.object({
    sender_values: z.object(Object.fromEntries(template.sender_fields.map((f) => [f.key, senderValueSchema(f)]))),
    signers: z.array(z.object({ slot_id: z.string(), name, email, phone })),
    expires_in_days: z.string().superRefine((v, ctx) => {
      const problem = expiryProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    reference: z.string().trim().max(REFERENCE_MAX, `At most ${REFERENCE_MAX} characters`),
  });
}

/** The preview body: empty optional values left out, numbers sent as numbers. */
export function toPreviewInput(template: SignTemplate, values: SendFormValues): PreviewInput {
  const sender_values: Record<string, string | number> = {};
  for (const f of template.sender_fields) {
    const v = (values.sender_values[f.key] ?? '').trim();
    if (v !== '') sender_values[f.key] = f.type === 'number' ? Number(v) : v;
  }
  return {
    template_id: template.id,
    expires_in_days: Number(values.expires_in_days.trim()),
    sender_values,
    signers: values.signers.map((s) => ({
      slot_id: s.slot_id,
      name: s.name.trim(),
      email: s.email.trim(),
      phone: normalisePhone(s.phone),
      recipient_kind: 'external' as const,
    })),
    ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
  };
}

export type SendFieldPath = `sender_values.${string}` | `signers.${number}.${'name' | 'email' | 'phone'}` | 'expires_in_days';

/**
 * The form's own field an API detail names (`signers.0.email`, `sender_values.effective_date`,
 * `expires_in_days`), for applyApiError; a signer or value this template lacks names none.
 */
export function sendFieldOf(template: SignTemplate): (detail: ErrorDetail) => SendFieldPath | undefined {
  const keys = new Set(template.sender_fields.map((f) => f.key));
  return ({ path }) => {
    const signer = /^signers\.(\d+)\.(name|email|phone)$/.exec(path);
    const value = /^sender_values\.(.+)$/.exec(path);
    if (signer && Number(signer[1]) < template.slots.length)
      return `signers.${Number(signer[1])}.${signer[2] as 'name' | 'email' | 'phone'}`;
    if (value && keys.has(value[1]!)) return `sender_values.${value[1]!}`;
    if (path === 'expires_in_days') return 'expires_in_days';
    return undefined;
  };
}
