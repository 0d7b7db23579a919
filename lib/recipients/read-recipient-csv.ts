import { readCsv, type CsvRow } from '../csv/read-csv.ts';
import { RECIPIENT_COLUMNS, RECIPIENT_IMPORT_MAX_ROWS, type RecipientColumn } from './limits.ts';
import { recipientFieldsSchema } from './schemas.ts';

// An import is all or nothing: every row is checked, and any problem stops the whole file, so
// a sender never has to find out which half of a spreadsheet made it into the book.

export interface RecipientRow {
  /** the row's number as the spreadsheet shows it (the header is row 1) */
  line: number;
  name: string;
  email: string;
  /** E.164, or none */
  phone: string | null;
}

export interface CsvProblem {
  /** the spreadsheet's row number; null for the file as a whole */
  row: number | null;
  column: RecipientColumn | string | null;
  message: string;
}

export type RecipientCsv = { ok: true; rows: RecipientRow[]; merged: number } | { ok: false; problems: CsvProblem[] };

const ALIASES: Readonly<Record<string, RecipientColumn>> = { name: 'name', email: 'email', 'e-mail': 'email', phone: 'phone' };
const count = (n: number) => n.toLocaleString('en');

/**
 * What each column of the header holds; problems when the header cannot be read as the book's
 * columns. They name no row: the header is the first row that is not blank, wherever that is.
 */
function readHeader(header: string[], rows: CsvRow[]): { columns: (RecipientColumn | null)[]; problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const seen = new Set<RecipientColumn>();
  const columns = header.map((cell, i): RecipientColumn | null => {
    if (cell === '') {
      // A trailing separator leaves a nameless column; only a value under it is a problem.
      const filled = rows.find((r) => (r.cells[i] ?? '').trim() !== '');
      if (filled)
        problems.push({
          row: filled.line,
          column: null,
          message: `This row has a value in column ${i + 1}, which has no header`,
        });
      return null;
    }
    const column = ALIASES[cell.toLowerCase()];
    if (!column) {
      problems.push({
        row: null,
        column: cell,
        message: `The book keeps name, email and phone only: remove the column “${cell}”`,
      });
      return null;
    }
    if (seen.has(column)) problems.push({ row: null, column, message: `The column “${column}” appears twice in the header` });
    seen.add(column);
    return column;
  });
  for (const column of RECIPIENT_COLUMNS) {
    if (column !== 'phone' && !seen.has(column))
      problems.push({ row: null, column, message: `The header has no “${column}” column` });
  }
  return { columns, problems };
}

/** One data row checked by the send form's rules; its value or its problems. */
function readRow(row: CsvRow, columns: (RecipientColumn | null)[]): RecipientRow | CsvProblem[] {
  const beyond = row.cells.findIndex((cell, i) => i >= columns.length && cell.trim() !== '');
  if (beyond >= 0)
    return [{ row: row.line, column: null, message: `This row has a value in column ${beyond + 1}, which has no header` }];
  const typed: Record<RecipientColumn, string> = { name: '', email: '', phone: '' };
  columns.forEach((column, i) => {
    if (column) typed[column] = (row.cells[i] ?? '').trim();
  });
  const checked = recipientFieldsSchema.safeParse(typed);
  if (checked.success) return { line: row.line, ...checked.data };
  return RECIPIENT_COLUMNS.flatMap((column) =>
    checked.error.issues.filter((i) => i.path[0] === column).map((i) => ({ row: row.line, column, message: i.message })),
  );
}

/**
 * A CSV of recipients (a file, or rows pasted from a spreadsheet) read and checked whole:
 * columns name, email and phone (optional) in any order and case; at most 1,000 rows. Rows
 * repeating an address (in any case) are merged when they agree, a blank phone agreeing with
 * any; rows that disagree are a problem, since choosing one would be a guess.
 */
export function readRecipientCsv(text: string): RecipientCsv {
  const table = readCsv(text);
  if (table.problems.length > 0) {
    return {
      ok: false,
      problems: table.problems.map((p) => ({ row: p.line, column: null, message: p.message })),
    };
  }
  if (table.header.length === 0) return { ok: false, problems: [{ row: null, column: null, message: 'The file is empty' }] };
  if (table.rows.length === 0)
    return { ok: false, problems: [{ row: null, column: null, message: 'The file has a header but no rows under it' }] };
  if (table.rows.length > RECIPIENT_IMPORT_MAX_ROWS) {
    const message = `The file has ${count(table.rows.length)} rows; one import takes ${count(RECIPIENT_IMPORT_MAX_ROWS)} at most. Split it in two.`;
    return { ok: false, problems: [{ row: null, column: null, message }] };
  }
  const { columns, problems } = readHeader(table.header, table.rows);
  if (problems.length > 0) return { ok: false, problems };

  const byAddress = new Map<string, RecipientRow>();
  let merged = 0;
  for (const row of table.rows) {
    const read = readRow(row, columns);
    if (Array.isArray(read)) {
      problems.push(...read);
      continue;
    }
    const key = read.email.toLowerCase();
    const earlier = byAddress.get(key);
    if (!earlier) {
      byAddress.set(key, read);
    } else if (earlier.name === read.name && (earlier.phone === read.phone || !earlier.phone || !read.phone)) {
      earlier.phone ??= read.phone;
      merged += 1;
    } else {
      const message = `${read.email} is also on row ${earlier.line} with another name or phone: keep one of the two rows`;
      problems.push({ row: read.line, column: 'email', message });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, rows: [...byAddress.values()], merged };
}
