import type { FieldDescriptor } from '@/lib/submission-schema/fields';
import { dateTimeToLocal, localToDateTime } from '@/lib/submission-schema/formats';

// A request's data as its form holds it, and back. Inputs hold strings; a choice holds its
// option's value as text (a select's value; the option gives back a number's type); a date-time is local time in the browser's zone;
// a list of values holds rows of `{ value }` (react-hook-form's field arrays need objects);
// a constant holds nothing (it is sent as the schema fixes it); document fields live in
// `documents`, keyed by field key.

export type FormValue = unknown;

/** Only a row, so a list of values can be a field array. */
export interface ValueRow {
  value: FormValue;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The form's value for one field, from stored data; `defaults` prefills a new request. */
export function toFormValue(f: FieldDescriptor, data: unknown, defaults: boolean): FormValue {
  const value = data === undefined && defaults ? f.default : data;
  switch (f.kind) {
    case 'boolean':
      return value === true;
    case 'number':
    case 'integer':
      return typeof value === 'number' ? value : undefined;
    case 'choice':
      return (f.options ?? []).some((o) => o.value === value) ? String(value) : '';
    case 'date-time':
      return typeof value === 'string' ? dateTimeToLocal(value) : '';
    case 'constant':
    case 'document':
      return undefined;
    case 'object': {
      const source = isRecord(value) ? value : {};
      return Object.fromEntries((f.fields ?? []).map((c) => [c.key, toFormValue(c, source[c.key], defaults)]));
    }
    case 'array': {
      // A new form starts with as many empty rows as the list needs at least.
      if (!Array.isArray(value) && defaults) return Array.from({ length: f.minItems ?? 0 }, () => newRow(f));
      const rows = Array.isArray(value) ? value : [];
      const item = f.item!;
      return rows.map((row) =>
        item.kind === 'object' ? toFormValue(item, row, false) : { value: toFormValue(item, row, false) },
      );
    }
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** A new row of a list: its item's defaults. */
export function newRow(list: FieldDescriptor): FormValue {
  const item = list.item!;
  return item.kind === 'object' ? toFormValue(item, undefined, true) : { value: toFormValue(item, undefined, true) };
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

/**
 * The data a form's value stands for; undefined for an empty field (left out of the request).
 * Text keeps its spaces (they may matter); typed strings (dates, addresses) are trimmed.
 */
export function fromFormValue(f: FieldDescriptor, value: FormValue): unknown {
  switch (f.kind) {
    case 'constant':
      return f.value;
    case 'document':
      return undefined;
    case 'boolean':
      return value === true ? true : value === false ? false : undefined;
    case 'number':
    case 'integer':
      return typeof value === 'number' && !Number.isNaN(value) ? value : undefined;
    case 'choice':
      return isBlank(value) ? undefined : f.options?.find((o) => String(o.value) === String(value))?.value;
    case 'date-time': {
      if (typeof value !== 'string' || !value.trim()) return undefined;
      // A value the input cannot hold as local time is sent as typed, for the check to name.
      return localToDateTime(value.trim()) ?? value.trim();
    }
    case 'object': {
      if (!isRecord(value)) return undefined;
      const out: Record<string, unknown> = {};
      for (const c of f.fields ?? []) {
        const v = fromFormValue(c, value[c.key]);
        if (v !== undefined) out[c.key] = v;
      }
      // An optional object nobody filled in is left out rather than sent empty.
      return Object.keys(out).length === 0 && !f.required && !(f.fields ?? []).some((c) => c.kind === 'constant')
        ? undefined
        : out;
    }
    case 'array': {
      if (!Array.isArray(value)) return undefined;
      const item = f.item!;
      // Rows stay, even empty ones: a row the requester added and left blank is theirs to fix
      // (the check names it "required" before anything is sent).
      const rows = value.map((row) =>
        item.kind === 'object' ? (fromFormValue(item, row) ?? {}) : fromFormValue(item, isRecord(row) ? row.value : row),
      );
      return rows.length === 0 && !f.required ? undefined : rows;
    }
    case 'text':
      return isBlank(value) ? undefined : value;
    default:
      return typeof value === 'string' && value.trim() ? value.trim() : isBlank(value) ? undefined : value;
  }
}

/** form_data for a request: the schema's fields that hold something, and each chosen document's id. */
export function dataFrom(
  fields: readonly FieldDescriptor[],
  values: Record<string, unknown>,
  documents: Record<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    // The schema lists file fields among its properties; the id attached in documents is
    // repeated here so a reader that checks form_data by the schema finds it (DESIGN.md §3).
    const v = f.kind === 'document' ? documents[f.key] || undefined : fromFormValue(f, values[f.key]);
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}
