import { z } from 'zod';
import { hashSecret } from '../keys.ts';
import { ApiError, conflict, forbidden, validationFailed, type ErrorDetail } from '../http/errors.ts';
import { populatePreview } from '../pdf/populate-preview.ts';
import type { Services } from '../services.ts';
import { templateFileName, type SenderField, type SignTemplateRecord } from './catalog.ts';
import {
  PREVIEW_TOKEN,
  PREVIEW_TTL_MS,
  newPreviewId,
  newPreviewToken,
  previewFileName,
  previewView,
  type FrozenSigner,
  type PreviewRecord,
  type SenderValues,
  type StoredPreview,
} from './packages.ts';

const E164 = /^\+[1-9]\d{7,14}$/;

const signerSchema = z.strictObject({
  slot_id: z.string().min(1).max(100),
  name: z.string().trim().min(1, 'must not be empty').max(200),
  email: z.email({ message: 'must be a valid e-mail address' }).max(254).optional(),
  phone: z.string().regex(E164, 'must be in international format, e.g. +14155550123').optional(),
  // The spec shows only `external`; other kinds are refused rather than guessed at.
  recipient_kind: z.literal('external', { message: 'only "external" is supported' }).default('external'),
});

export const previewBody = z.strictObject({
  template_id: z.string().min(1).max(100),
  expires_in_days: z.number({ message: 'required: a whole number of days from 1 to 365' }).int().min(1).max(365),
  sender_values: z
    .record(z.string().max(100), z.union([z.string(), z.number()], { message: 'must be a string or a number' }))
    .refine((v) => Object.keys(v).length <= 100, 'at most 100 values')
    .default({}),
  signers: z.array(signerSchema).min(1, 'at least one signer is required').max(20, 'at most 20 signers'),
});
export type PreviewInput = z.output<typeof previewBody>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** A value checked against its field: the stored form, or why it is refused; null means "absent". */
function checkValue(field: SenderField, raw: string | number): { value: string | number | null } | { error: string } {
  if (typeof raw === 'string' && raw.trim() === '') return { value: null };
  switch (field.type) {
    case 'text':
      if (typeof raw !== 'string') return { error: 'must be a string' };
      return raw.length > 500 ? { error: 'must be at most 500 characters' } : { value: raw };
    case 'date':
      return typeof raw === 'string' && isCalendarDate(raw) ? { value: raw } : { error: 'must be a date as YYYY-MM-DD' };
    case 'number':
      if (typeof raw === 'number') return { value: raw };
      return NUMERIC.test(raw.trim()) ? { value: Number(raw.trim()) } : { error: 'must be numeric' };
  }
}

// Every mismatch with the template's design is reported at once, each naming its field or slot.
export function freezeInput(
  template: SignTemplateRecord,
  input: PreviewInput,
): { sender_values: SenderValues; signers: FrozenSigner[] } {
  const details: ErrorDetail[] = [];
  const fields = new Map(template.sender_fields.map((f) => [f.key, f]));
  const values: SenderValues = {};
  for (const [key, raw] of Object.entries(input.sender_values)) {
    const field = fields.get(key);
    if (!field) {
      details.push({
        path: `sender_values.${key}`,
        message: `unknown field; ${template.id} has ${[...fields.keys()].join(', ')}`,
      });
      continue;
    }
    const checked = checkValue(field, raw);
    if ('error' in checked) details.push({ path: `sender_values.${key}`, message: checked.error });
    else if (checked.value !== null) values[key] = checked.value;
  }
  for (const f of template.sender_fields) {
    if (f.required && !(f.key in values) && !details.some((d) => d.path === `sender_values.${f.key}`)) {
      details.push({ path: `sender_values.${f.key}`, message: `required (${f.label})` });
    }
  }

  const slots = new Map(template.slots.map((s) => [s.slot_id, s]));
  const seen = new Set<string>();
  const signers: FrozenSigner[] = [];
  input.signers.forEach((s, i) => {
    const slot = slots.get(s.slot_id);
    if (!slot) {
      details.push({
        path: `signers.${i}.slot_id`,
        message: `unknown slot "${s.slot_id}"; ${template.id} has ${[...slots.keys()].join(', ')}`,
        slot_id: s.slot_id,
      });
    } else if (seen.has(s.slot_id)) {
      details.push({ path: `signers.${i}.slot_id`, message: `slot "${s.slot_id}" is given more than once`, slot_id: s.slot_id });
    }
    seen.add(s.slot_id);
    if (!s.email) details.push({ path: `signers.${i}.email`, message: 'required for external recipients' });
    if (!s.phone)
      details.push({ path: `signers.${i}.phone`, message: 'required for external recipients, in international format' });
    if (slot && s.email && s.phone) {
      signers.push({
        slot_id: s.slot_id,
        label: slot.label,
        name: s.name,
        email: s.email,
        phone: s.phone,
        recipient_kind: s.recipient_kind,
      });
    }
  });
  for (const slot of template.slots) {
    if (!seen.has(slot.slot_id))
      details.push({ path: 'signers', message: `slot "${slot.slot_id}" (${slot.label}) has no signer`, slot_id: slot.slot_id });
  }
  if (details.length > 0) throw validationFailed(details);
  return { sender_values: values, signers };
}

export function usableTemplate(services: Services, appId: string, templateId: string): SignTemplateRecord {
  const template = services.records.getVisible<SignTemplateRecord>('sign_template', templateId, appId);
  if (!template) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', `Document-sign template ${templateId} was not found.`);
  if (!template.api_enabled)
    throw forbidden('TEMPLATE_NOT_ALLOWED', `Template ${templateId} is not allowed for API use; enable it in the platform UI.`);
  if (template.status === 'archived')
    throw conflict('TEMPLATE_ARCHIVED', `Template ${templateId} is archived and cannot be used for new packages.`);
  return template;
}

/** Freezes the input, renders the populated PDF and stores both behind a fresh receipt. */
export async function createPreview(services: Services, appId: string, input: PreviewInput) {
  const template = usableTemplate(services, appId, input.template_id);
  const frozen = freezeInput(template, input);
  const version = template.versions.find((v) => v.id === template.current_version_id);
  if (!version) throw new Error(`template ${template.id} has no current version`);
  const previewId = newPreviewId();
  const pdf = await populatePreview({
    source: services.files.read(templateFileName(version.id)),
    fields: template.sender_fields
      .filter((f) => f.key in frozen.sender_values)
      .map((f) => ({ ...f, value: String(frozen.sender_values[f.key]) })),
    slots: frozen.signers.map((s) => ({ ...template.slots.find((t) => t.slot_id === s.slot_id)!, name: s.name, email: s.email })),
  });
  const file = previewFileName(previewId);
  services.files.write(file, pdf.bytes);
  const token = newPreviewToken();
  const now = services.clock.now();
  const record = services.records.insert<PreviewRecord>(
    'preview',
    {
      id: hashSecret(token),
      preview_id: previewId,
      app_id: appId,
      status: 'open',
      template_id: template.id,
      template_name: template.name,
      version_id: version.id,
      version_number: version.number,
      ...frozen,
      expires_in_days: input.expires_in_days,
      prepared_pdf: { page_count: pdf.pageCount, size_bytes: pdf.bytes.length, sha256: pdf.sha256 },
      file,
      created_at: services.clock.iso(now),
      expires_at: services.clock.iso(now + PREVIEW_TTL_MS),
      expires_at_ms: now + PREVIEW_TTL_MS,
      consumed: false,
      consumed_at: null,
      package_id: null,
    },
    appId,
  );
  services.scheduler.dueAt(record.expires_at_ms);
  return previewView(record, token);
}

// Unknown, malformed and other apps' receipts all answer 404; a valid receipt then fails on
// the first rule it breaks. Expiry is exact: a receipt is good strictly before expires_at.
export function resolvePreview(services: Services, appId: string, templateId: string, token: string): PreviewRecord {
  const preview = PREVIEW_TOKEN.test(token)
    ? services.records.getOwned<StoredPreview>('preview', hashSecret(token), appId)
    : undefined;
  if (!preview) throw new ApiError(404, 'PREVIEW_NOT_FOUND', 'The preview receipt was not found. Create a new preview.');
  if (preview.template_id !== templateId) {
    throw new ApiError(
      422,
      'PREVIEW_TEMPLATE_MISMATCH',
      `The preview receipt belongs to template ${preview.template_id}, not ${templateId}.`,
      [{ path: 'template_id', message: `must be ${preview.template_id}, the template of this preview` }],
    );
  }
  if (preview.consumed) throw conflict('PREVIEW_CONSUMED', 'This preview was already sent. Any change needs a new preview.');
  if (preview.status === 'lapsed' || services.clock.now() >= preview.expires_at_ms) {
    throw conflict(
      'PREVIEW_EXPIRED',
      'The preview receipt has expired (receipts are valid 10 minutes). Create and review a new preview.',
    );
  }
  return preview;
}
