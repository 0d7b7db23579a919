import type { SignTemplate } from '../catalog/schemas.ts';
import type { CsvTable } from '../csv/read-csv.ts';
import { previewInputSchema, type PreviewInput } from '../packages/schemas.ts';
import { blankValues, sendFormSchema, toPreviewInput, type SendFormValues } from '../packages/send-form.ts';
import {
  BULK_MAX_ROWS,
  bulkColumns,
  EXAMPLE_REFERENCE,
  exampleEmail,
  EXPIRY_COLUMN,
  headerKey,
  REFERENCE_COLUMN,
  type BulkColumn,
} from './columns.ts';
import { readSheetDate } from './sheet-dates.ts';

// A batch's rows are checked by the single send's own rules (lib/packages/send-form.ts and the
// preview schema), row by row, before any call to the API; the server checks them again.

export interface BulkRow {
  /** the row's number in the spreadsheet (the header is row 1) */
  line: number;
  /** as typed; a blank expiry takes the batch's */
  values: SendFormValues;
}

export interface TableReport {
  /** headers the template has no column for */
  unknown: string[];
  /** required columns the file lacks */
  missing: BulkColumn[];
  /** headers given twice: the later one is ignored */
  repeated: string[];
  /** rows with more cells than the header names */
  overlong: number[];
  /** more than BULK_MAX_ROWS rows: only the first are kept */
  dropped: number;
  /** no cell of the first row names a column: most likely rows pasted without their header */
  headerless: boolean;
  /** lines of the CSV template's example row, left out */
  examples: number[];
}

/**
 * The rows of a spreadsheet as send forms of `template`, and what is wrong with its columns.
 * With the sender's `locale` (the browser's), date cells it reads as one day become YYYY-MM-DD.
 */
export function rowsFromTable(
  template: SignTemplate,
  table: CsvTable,
  { locale }: { locale?: string } = {},
): { report: TableReport; rows: BulkRow[] } {
  const columns = bulkColumns(template);
  const byHeader = new Map(columns.map((c) => [headerKey(c.header), c]));
  const at = new Map<BulkColumn, number>();
  const report: TableReport = {
    unknown: [],
    missing: [],
    repeated: [],
    overlong: [],
    dropped: 0,
    headerless: false,
    examples: [],
  };
  table.header.forEach((h, i) => {
    const column = byHeader.get(headerKey(h));
    if (!column) {
      if (h !== '') report.unknown.push(h);
    } else if (at.has(column)) report.repeated.push(h);
    else at.set(column, i);
  });
  report.missing = columns.filter((c) => c.required && !at.has(c));
  report.headerless = at.size === 0 && table.header.some((h) => h !== '');
  const referenceAt = [...at].find(([c]) => c.kind === 'reference')?.[1];
  const own = table.rows.filter(({ line, cells }) => {
    const example = referenceAt !== undefined && cells[referenceAt]?.trim() === EXAMPLE_REFERENCE;
    if (example) report.examples.push(line);
    return !example;
  });
  const kept = own.slice(0, BULK_MAX_ROWS);
  report.dropped = own.length - kept.length;
  const rows = kept.map(({ line, cells }) => {
    if (cells.slice(table.header.length).some((c) => c.trim() !== '')) report.overlong.push(line);
    const values = blankValues(template);
    for (const [column, i] of at) {
      const cell = cells[i] ?? '';
      switch (column.kind) {
        case 'value':
          values.sender_values[column.key] = cell;
          break;
        case 'reference':
          values.reference = cell;
          break;
        case 'expiry':
          values.expires_in_days = cell;
          break;
        default:
          values.signers[column.slot]![column.kind] = cell;
      }
    }
    return { line, values: locale === undefined ? values : readRowDates(template, values, locale) };
  });
  return { report, rows };
}

/** Whether the report leaves the file unusable as it is (rows may still each be fixed). */
export const tableBlocks = (r: TableReport) => r.headerless || r.missing.length > 0 || r.dropped > 0;

const dateKeys = (template: SignTemplate) => template.sender_fields.filter((f) => f.type === 'date').map((f) => f.key);

/** The row with each date it reads as one day in `locale` written YYYY-MM-DD, as the batch is sent; the rest as typed. */
export function readRowDates(template: SignTemplate, values: SendFormValues, locale: string): SendFormValues {
  const sender_values = { ...values.sender_values };
  for (const key of dateKeys(template)) {
    const read = readSheetDate(sender_values[key] ?? '', locale);
    if (read && 'iso' in read) sender_values[key] = read.iso;
  }
  return { ...values, sender_values };
}

export type BulkFieldPath =
  `sender_values.${string}` | `signers.${number}.${'name' | 'email' | 'phone'}` | 'expires_in_days' | 'reference' | 'signers';

export interface RowProblem {
  path: BulkFieldPath;
  /** the spreadsheet column it is in, or where it is set when not in the file (the batch's expiry) */
  column: string;
  message: string;
}

/** Where a row's problem lies when its expiry is the batch's: the batch's own field, not a cell. */
export const BATCH_EXPIRY = 'the batch’s expiry';

/** The row as the send form checks it: a blank expiry is the batch's. */
const withExpiry = (values: SendFormValues, batchExpiry: string): SendFormValues =>
  values.expires_in_days.trim() === '' ? { ...values, expires_in_days: batchExpiry } : values;

function columnOf(
  template: SignTemplate,
  path: readonly PropertyKey[],
  expiryFromBatch: boolean,
): { path: BulkFieldPath; column: string } {
  const [head, a, b] = path.map(String);
  if (head === 'sender_values' && a) return { path: `sender_values.${a}`, column: a };
  if (head === 'signers' && a !== undefined && (b === 'name' || b === 'email' || b === 'phone')) {
    const slot = template.slots[Number(a)];
    return { path: `signers.${Number(a)}.${b}`, column: slot ? `${slot.slot_id}.${b}` : `signers ${a}` };
  }
  if (head === 'signers') return { path: 'signers', column: 'signers' };
  if (head === 'expires_in_days') return { path: 'expires_in_days', column: expiryFromBatch ? BATCH_EXPIRY : EXPIRY_COLUMN };
  return { path: 'reference', column: REFERENCE_COLUMN };
}

// One send form schema per template for all its rows: building one (and zod's first parse of
// it) costs far more than checking a row, and a batch checks up to 500 rows of one template.
const formSchemas = new WeakMap<SignTemplate, ReturnType<typeof sendFormSchema>>();
function formSchemaOf(template: SignTemplate) {
  let schema = formSchemas.get(template);
  if (!schema) formSchemas.set(template, (schema = sendFormSchema(template)));
  return schema;
}

/** Every problem of one row, in the single send's words, each naming its column; none when it can be previewed. */
export function rowProblems(template: SignTemplate, values: SendFormValues, batchExpiry: string): RowProblem[] {
  const expiryFromBatch = values.expires_in_days.trim() === '';
  const filled = withExpiry(values, batchExpiry);
  const form = formSchemaOf(template).safeParse(filled);
  const issues = form.success
    ? (previewInputSchema.safeParse(toPreviewInput(template, filled)).error?.issues ?? [])
    : form.error.issues;
  const seen = new Set<string>();
  const problems = issues.flatMap((issue) => {
    const where = columnOf(template, issue.path, expiryFromBatch);
    // One message per cell: the first rule it breaks.
    if (seen.has(where.path)) return [];
    seen.add(where.path);
    return [{ ...where, message: issue.message }];
  });
  return [...problems, ...exampleAddressProblems(template, values, seen)];
}

/** The CSV template's made-up addresses left in a row: the example row edited into a real one, but not its signers. */
function exampleAddressProblems(template: SignTemplate, values: SendFormValues, seen: ReadonlySet<string>): RowProblem[] {
  const examples = new Set(template.slots.map((_, i) => exampleEmail(i)));
  return values.signers.flatMap((signer, i) => {
    const where = columnOf(template, ['signers', i, 'email'], false);
    if (seen.has(where.path) || !examples.has(signer.email.trim().toLowerCase())) return [];
    return [{ ...where, message: 'This is the CSV template’s example address: enter the signer’s own' }];
  });
}

/**
 * rowProblems as the browser checks a row before sending it as readRowDates makes it: a date
 * the sender's locale reads as one day passes, one it cannot read says why and names the form.
 */
export function rowProblemsIn(template: SignTemplate, values: SendFormValues, batchExpiry: string, locale: string): RowProblem[] {
  const problems = rowProblems(template, readRowDates(template, values, locale), batchExpiry);
  const dates = new Set(dateKeys(template).map((key) => `sender_values.${key}`));
  return problems.map((p) => {
    if (!dates.has(p.path)) return p;
    const read = readSheetDate(values.sender_values[p.path.slice('sender_values.'.length)] ?? '', locale);
    return read && 'problem' in read ? { ...p, message: read.problem } : p;
  });
}

/** The preview body of a row that has no problems. */
export const rowPreviewInput = (template: SignTemplate, values: SendFormValues, batchExpiry: string): PreviewInput =>
  toPreviewInput(template, withExpiry(values, batchExpiry));

/** The recipients of a row, as one comparable key: their e-mails, lower-cased and sorted. */
const recipientsKey = (values: SendFormValues) =>
  values.signers
    .map((s) => s.email.trim().toLowerCase())
    .sort()
    .join('\n');

/**
 * Rows whose recipients are exactly those of another row: most often a line pasted twice. For
 * each such row, the lines of the others; a flag, not an error, since a contractor may sign two
 * documents.
 */
export function repeatedRecipients(rows: readonly BulkRow[]): Map<number, number[]> {
  const groups = new Map<string, number[]>();
  for (const row of rows) {
    const key = recipientsKey(row.values);
    if (key.replaceAll('\n', '') === '') continue;
    groups.set(key, [...(groups.get(key) ?? []), row.line]);
  }
  const repeated = new Map<number, number[]>();
  for (const lines of groups.values())
    if (lines.length > 1)
      for (const line of lines)
        repeated.set(
          line,
          lines.filter((l) => l !== line),
        );
  return repeated;
}
