import { FIELD_TYPES, type LayoutField } from '../documents/schemas.ts';

export type FieldType = (typeof FIELD_TYPES)[number];
export { FIELD_TYPES };

interface FieldTypeInfo {
  label: string;
  /** default size in PDF points: what a signer needs to write in, not the minimum */
  width: number;
  height: number;
  /** whether a newly added field starts required */
  required: boolean;
}

export const FIELD_TYPE_INFO: Record<FieldType, FieldTypeInfo> = {
  signature: { label: 'Signature', width: 160, height: 40, required: true },
  initials: { label: 'Initials', width: 64, height: 36, required: true },
  date: { label: 'Date', width: 110, height: 24, required: true },
  text: { label: 'Text', width: 160, height: 24, required: false },
  checkbox: { label: 'Checkbox', width: 18, height: 18, required: false },
};

/** `signature_3`: readable in error lists and the conflict dialog, unique in the layout. */
export function nextFieldId(type: FieldType, fields: readonly Pick<LayoutField, 'id'>[]): string {
  const used = new Set(fields.map((f) => f.id));
  let n = 1;
  while (used.has(`${type}_${n}`)) n++;
  return `${type}_${n}`;
}

/** A field as the console schema accepts it: exactly the layout properties, nothing the server added. */
export function normalizeField(raw: Record<string, unknown>): LayoutField | null {
  const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  const type = FIELD_TYPES.find((t) => t === raw.type);
  const { id, page, x, y, width, height, slot_id } = raw;
  if (typeof id !== 'string' || !type || !num(page) || !num(x) || !num(y) || !num(width) || !num(height)) return null;
  return { id, type, page, x, y, width, height, slot_id: typeof slot_id === 'string' && slot_id ? slot_id : 'signer_1', required: raw.required === true };
}

export function normalizeFields(raw: readonly Record<string, unknown>[]): LayoutField[] {
  return raw.map(normalizeField).filter((f): f is LayoutField => f !== null);
}
