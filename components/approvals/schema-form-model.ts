import { z } from 'zod';
import type { ErrorDetail } from '@/lib/api-error';
import { formatCalendarDate, formatMoney, formatNumber } from '@/lib/format';
import type { RequestDocumentRef } from '@/lib/queries/approvals';
import { EXTERNAL_ID } from '@/lib/schemas/approvals';
import { formDataValidator, type FieldDescriptor, type SubmissionSchemaDocument } from '@/lib/submission-schema';

// A request form rendered from a release's submission schema. Field keys (never titles) are
// the form's names; document fields pick an uploaded document and travel in `documents`.

export interface RequestFormValues {
  external_id?: string;
  /** typed values; empty ones are dropped before validation and sending */
  form_data: Record<string, unknown>;
  /** document field key → chosen document id ('' for none) */
  documents: Record<string, string>;
}

/** What a click asks for: how strictly the schema applies. */
export type FormIntent = 'draft' | 'submit' | 'revision-draft' | 'resubmit';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

/** Only the schema's non-document fields that hold something. */
export function cleanFormData(values: Record<string, unknown>, fields: FieldDescriptor[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'document') continue;
    const v = values[f.key];
    if (!isEmpty(v)) out[f.key] = typeof v === 'string' && f.kind !== 'text' ? v.trim() : v;
  }
  return out;
}

/**
 * The form's validator for one intent. A new request's draft still needs every form field
 * (the API checks it fully) but no documents; a revision draft needs nothing yet.
 */
export function requestFormSchema(
  schema: SubmissionSchemaDocument,
  fields: FieldDescriptor[],
  intent: FormIntent,
  withExternalId: boolean,
) {
  const partial = intent === 'revision-draft';
  const requireDocuments = intent === 'submit' || intent === 'resubmit';
  const documents = z.record(z.string(), z.string()).superRefine((docs, ctx) => {
    if (!requireDocuments) return;
    for (const f of fields)
      if (f.kind === 'document' && f.required && !docs[f.key])
        ctx.addIssue({ code: 'custom', path: [f.key], message: 'Choose a document' });
  });
  const base = z.object({
    form_data: z.preprocess(
      (v) => cleanFormData((v ?? {}) as Record<string, unknown>, fields),
      formDataValidator(schema, { partial }),
    ),
    documents,
  });
  if (!withExternalId) return base;
  return base.extend({
    external_id: z.string().trim().regex(EXTERNAL_ID, '3 to 120 letters, digits, periods, underscores, colons or hyphens'),
  });
}

export function documentRefs(docs: Record<string, string>, names: Map<string, string>): RequestDocumentRef[] {
  return Object.entries(docs)
    .filter(([, id]) => id)
    .map(([field_key, document_id]) => ({ document_id, field_key, name: names.get(document_id) ?? document_id }));
}

/** Form values from stored content (a request's data or a saved draft). */
export function valuesFrom(
  fields: FieldDescriptor[],
  formData: Record<string, unknown>,
  documents: RequestDocumentRef[] = [],
): RequestFormValues {
  const data: Record<string, unknown> = {};
  const docs: Record<string, string> = {};
  for (const f of fields) {
    if (f.kind === 'document') docs[f.key] = documents.find((d) => d.field_key === f.key)?.document_id ?? '';
    else if (f.kind === 'boolean') data[f.key] = formData[f.key] === true;
    else if (f.kind === 'number' || f.kind === 'integer')
      data[f.key] = typeof formData[f.key] === 'number' ? formData[f.key] : undefined;
    else data[f.key] = typeof formData[f.key] === 'string' ? formData[f.key] : '';
  }
  return { form_data: data, documents: docs };
}

export const sentence = (message: string) => (message ? message[0]!.toUpperCase() + message.slice(1) : message);

export type RequestFieldPath = `form_data.${string}` | `documents.${string}` | 'external_id';

/**
 * The form's field an API detail names, for applyApiError: form_data.<key>, documents (by
 * field key, or by index into the documents sent), external_id; undefined for anything else.
 */
export function requestFieldOf(
  fields: FieldDescriptor[],
  sentDocuments: RequestDocumentRef[],
): (detail: ErrorDetail) => RequestFieldPath | undefined {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  return (d) => {
    const data = /^form_data\.([^.]+)/.exec(d.path);
    const doc = /^documents\.(\d+)/.exec(d.path);
    const fieldKey = typeof d.field_key === 'string' ? d.field_key : undefined;
    const key = data?.[1] ?? (doc ? sentDocuments[Number(doc[1])]?.field_key : d.path === 'documents' ? fieldKey : undefined);
    const field = key ? byKey.get(key) : undefined;
    if (field) return field.kind === 'document' ? `documents.${field.key}` : `form_data.${field.key}`;
    if (d.path === 'external_id') return 'external_id';
    return undefined;
  };
}

const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * The currency a form's amounts are in, when its schema says so: a choice field named for a
 * currency whose every option is an ISO 4217 code (the expense form's `currency`), answered.
 */
export function currencyOf(fields: readonly FieldDescriptor[], data: Record<string, unknown>): string | undefined {
  const field = fields.find(
    (f) => f.kind === 'enum' && /currency/i.test(`${f.key} ${f.title}`) && (f.options ?? []).every((o) => CURRENCY_CODE.test(o)),
  );
  const value = field ? data[field.key] : undefined;
  return typeof value === 'string' && CURRENCY_CODE.test(value) ? value : undefined;
}

/** A value as a person reads it, in their locale; decimal amounts in `currency` when the form names one. */
export function displayValue(field: FieldDescriptor | undefined, value: unknown, currency?: string): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean' || field?.kind === 'boolean') return value === true ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (field?.kind === 'number' && currency) return formatMoney(value, currency);
    return formatNumber(value, { maxDecimals: field?.kind === 'integer' ? 0 : 6 });
  }
  if (typeof value === 'string' && field?.kind === 'date') return formatCalendarDate(value);
  return String(value);
}
