import type { ErrorDetail } from '@/lib/api-error';
import { formatCalendarDate, formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import type { RequestDocumentRef } from '@/lib/approval-requests/queries';
import type { FieldDescriptor } from '@/lib/submission-schema/fields';
import { documentValuesFrom } from './document-refs';
import { dataFrom, toFormValue } from './schema-form-values';

export { documentRefs } from './document-refs';

// A request form rendered from a release's submission schema. Field keys (never titles) are
// the form's names; document fields pick an uploaded document and travel in `documents`.
// Free of zod, so the pages load it at once; the validator (schema-form-model.ts) loads at
// the form's first validation.

export interface RequestFormValues {
  external_id?: string;
  /** the form's values (schema-form-values.ts); turned into form_data before validation and sending */
  form_data: Record<string, unknown>;
  /** document field key → chosen document id ('' for none) */
  documents: Record<string, string>;
  /** document field key → the name the document is sent under (the document's own by default) */
  documentNames: Record<string, string>;
  /** document field key → signers' actor IDs as typed (sent only where the workflow accepts them) */
  signers: Record<string, string>;
}

/** What a click asks for: how strictly the schema applies. */
export type FormIntent = 'draft' | 'submit' | 'revision-draft' | 'resubmit';

/** What a request body carries: the form's values as form_data, and the chosen documents' ids. */
export function requestContent(fields: readonly FieldDescriptor[], values: RequestFormValues) {
  return { form_data: dataFrom(fields, values.form_data, values.documents), documents: values.documents };
}

/** Form values from stored content (a request's data or a saved draft), or a new form's defaults. */
export function valuesFrom(
  fields: readonly FieldDescriptor[],
  formData: Record<string, unknown> | undefined,
  documents: RequestDocumentRef[] = [],
): RequestFormValues {
  const data: Record<string, unknown> = {};
  for (const f of fields) if (f.kind !== 'document') data[f.key] = toFormValue(f, formData?.[f.key], formData === undefined);
  const keys = fields.filter((f) => f.kind === 'document').map((f) => f.key);
  return { form_data: data, ...documentValuesFrom(keys, documents) };
}

export const sentence = (message: string) => (message ? message[0]!.toUpperCase() + message.slice(1) : message);

export type RequestFieldPath =
  `form_data.${string}` | `documents.${string}` | `documentNames.${string}` | `signers.${string}` | 'external_id';

/**
 * The form's field an API detail names, for applyApiError: form_data.<key>, documents (by
 * field key, or by index into the documents sent), external_id; undefined for anything else.
 */
export function requestFieldOf(
  fields: readonly FieldDescriptor[],
  sentDocuments: RequestDocumentRef[],
): (detail: ErrorDetail) => RequestFieldPath | undefined {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  return (d) => {
    const data = /^form_data\.([^.]+)(.*)$/.exec(d.path);
    const doc = /^documents\.(\d+)/.exec(d.path);
    const fieldKey = typeof d.field_key === 'string' ? d.field_key : undefined;
    const key = data?.[1] ?? (doc ? sentDocuments[Number(doc[1])]?.field_key : d.path === 'documents' ? fieldKey : undefined);
    const field = key ? byKey.get(key) : undefined;
    // A document's name and signers have controls of their own.
    const part = doc ? /^documents\.\d+\.(name|sign_actor_ids)\b/.exec(d.path)?.[1] : undefined;
    if (field?.kind === 'document' && part) return `${part === 'name' ? 'documentNames' : 'signers'}.${field.key}`;
    if (field?.kind === 'document') return `documents.${field.key}`;
    // A nested field's path is the form's own (items.0.amount; a plain entry's tags.2.value).
    if (field)
      return `form_data.${formPathOf(fields, [field.key, ...(data?.[2] ?? '').split('.').filter(Boolean)]).join('.')}` as RequestFieldPath;
    if (d.path === 'external_id') return 'external_id';
    return undefined;
  };
}

/** The rest of a data path below `f`, as the form names it: a list's plain entries sit under `.value`. */
function formPathUnder(f: FieldDescriptor, rest: readonly PropertyKey[]): PropertyKey[] {
  const [head, ...more] = rest;
  if (head === undefined) return [];
  if (f.kind === 'object') {
    const child = f.fields?.find((c) => c.key === head);
    return [head, ...(child ? formPathUnder(child, more) : more)];
  }
  if (f.kind === 'array' && f.item) {
    return f.item.kind === 'object' ? [head, ...formPathUnder(f.item, more)] : [head, 'value', ...formPathUnder(f.item, more)];
  }
  return [...rest];
}

/**
 * A path into form_data as the form names it (schema-form-values.ts): the data's `tags.2` is
 * the form's `tags.2.value`, so a message lands on the entry's control, and goes when that
 * control is corrected (the form re-checks only the control that changed).
 */
export function formPathOf(fields: readonly FieldDescriptor[], dataPath: readonly PropertyKey[]): PropertyKey[] {
  const [key, ...rest] = dataPath;
  const field = fields.find((f) => f.key === key);
  return key === undefined ? [] : [key, ...(field ? formPathUnder(field, rest) : rest)];
}

const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * The currency a form's amounts are in, when its schema says so: a choice field named for a
 * currency whose every option is an ISO 4217 code (the expense form's `currency`), answered.
 */
export function currencyOf(fields: readonly FieldDescriptor[], data: Record<string, unknown>): string | undefined {
  const field = fields.find(
    (f) =>
      f.kind === 'choice' &&
      /currency/i.test(`${f.key} ${f.title}`) &&
      (f.options ?? []).every((o) => typeof o.value === 'string' && CURRENCY_CODE.test(o.value)),
  );
  const value = field ? data[field.key] : undefined;
  return typeof value === 'string' && CURRENCY_CODE.test(value) ? value : undefined;
}

/** A value as a person reads it, in their locale; decimal amounts in `currency` when the form names one. */
export function displayValue(field: FieldDescriptor | undefined, value: unknown, currency?: string): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean' || field?.kind === 'boolean') return value === true ? 'Yes' : 'No';
  if (field?.kind === 'choice') return field.options?.find((o) => o.value === value)?.label ?? String(value);
  if (typeof value === 'number') {
    if (field?.kind === 'number' && currency) return formatMoney(value, currency);
    return formatNumber(value, { maxDecimals: field?.kind === 'integer' ? 0 : 6 });
  }
  if (typeof value === 'string' && field?.kind === 'date') return formatCalendarDate(value);
  if (typeof value === 'string' && field?.kind === 'date-time') return formatDateTime(value);
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => displayValue(field?.item, v, currency)).join('; ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const known = field?.fields ?? [];
    const keys = [...known.map((f) => f.key), ...Object.keys(record).filter((k) => !known.some((f) => f.key === k))];
    return keys
      .filter((k) => record[k] !== undefined)
      .map((k) => {
        const f = known.find((c) => c.key === k);
        return `${f?.title ?? k}: ${displayValue(f, record[k], currency)}`;
      })
      .join(', ');
  }
  return String(value);
}
