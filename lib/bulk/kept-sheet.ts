import type { BulkRow } from './rows.ts';

/**
 * The spreadsheet step's work as this browser keeps it until the batch is made: the sheet read
 * (its rows fixed in place), the batch's name and expiry. The sheet's shape is the reader's
 * (components/bulk/read-rows.ts): what the page reads of it is checked when it comes back.
 */
export interface KeptSheet<S extends { rows: BulkRow[] }> {
  sheet: S;
  name: string;
  expires_in_days: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const REPORT_LISTS = ['unknown', 'missing', 'repeated', 'overlong'] as const;

function isRow(v: unknown): v is BulkRow {
  if (!isRecord(v) || !Number.isInteger(v.line) || !isRecord(v.values)) return false;
  const { sender_values, signers, expires_in_days, reference } = v.values;
  return (
    isRecord(sender_values) &&
    Object.values(sender_values).every((x) => typeof x === 'string') &&
    Array.isArray(signers) &&
    signers.every((s) => isRecord(s) && ['slot_id', 'name', 'email', 'phone'].every((k) => typeof s[k] === 'string')) &&
    typeof expires_in_days === 'string' &&
    typeof reference === 'string'
  );
}

/** A kept sheet as stored, or null when what is there is not one the page can go on from. */
export function acceptKeptSheet<S extends { rows: BulkRow[] }>(raw: unknown): KeptSheet<S> | null {
  if (!isRecord(raw) || typeof raw.name !== 'string' || typeof raw.expires_in_days !== 'string') return null;
  const { sheet } = raw;
  if (!isRecord(sheet) || typeof sheet.source !== 'string' || !isStrings(sheet.headerCells)) return null;
  const { report } = sheet;
  if (!isRecord(report) || !REPORT_LISTS.every((k) => Array.isArray(report[k])) || typeof report.headerless !== 'boolean')
    return null;
  if (!Array.isArray(sheet.problems) || !Array.isArray(sheet.rows) || !sheet.rows.every(isRow)) return null;
  return raw as unknown as KeptSheet<S>;
}
