import Papa from 'papaparse';

// Spreadsheets as people export or copy them: comma, semicolon (a European Excel) or tab (a
// paste from a sheet) between cells, quoted cells holding separators, quotes and line breaks,
// a UTF-8 byte order mark, CRLF or LF line ends, blank lines anywhere.

export const CSV_SEPARATORS = [',', ';', '\t'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

export interface CsvRow {
  /** the row's number as a spreadsheet shows it: the header is row 1 */
  line: number;
  cells: string[];
}

export interface CsvTable {
  /** the header row's cells, trimmed */
  header: string[];
  rows: CsvRow[];
  separator: CsvSeparator;
  /** what could not be read, with its row where known; empty when all was read */
  problems: { line: number | null; message: string }[];
}

/** Reads CSV text with a header row; blank lines are skipped, cells are kept as typed. */
export function readCsv(text: string): CsvTable {
  const body = text.replace(/^\ufeff/, '');
  // Guessed on the first rows without the blank ones (they would count as one-cell rows),
  // then read in full with the blank ones, so row numbers match the spreadsheet's.
  const guess = Papa.parse<string[]>(body, { delimitersToGuess: [...CSV_SEPARATORS], skipEmptyLines: 'greedy', preview: 10 });
  const separator = (CSV_SEPARATORS as readonly string[]).includes(guess.meta.delimiter)
    ? (guess.meta.delimiter as CsvSeparator)
    : ',';
  const parsed = Papa.parse<string[]>(body, { delimiter: separator, skipEmptyLines: false, header: false });
  // Row numbers count every record, blank ones too, so they match what the spreadsheet shows;
  // a cell's line breaks do not start a new row.
  const numbered = parsed.data.map((cells, i) => ({ line: i + 1, cells: cells.map(undoSafeCell) }));
  const filled = numbered.filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  const [head, ...rows] = filled;
  const problems = parsed.errors
    // A single column has no separator to guess: that is not a fault of the file.
    .filter((e) => e.code !== 'UndetectableDelimiter')
    .map((e) => ({ line: e.row === undefined ? null : e.row + 1, message: e.message }));
  return {
    header: head ? head.cells.map((c) => c.trim()) : [],
    rows,
    separator,
    problems,
  };
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as a spreadsheet will not run it as a formula: a leading quote before = + - @. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

// A file the console wrote comes back with its cells as they were: "'+4915112345678" is the
// phone number "+4915112345678" (safeCell's quote), not a number starting with a quote.
const undoSafeCell = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** CSV text (comma, CRLF, quoted as needed) of a header and rows, safe to open in a spreadsheet. */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${Papa.unparse(
    { fields: [...header], data: rows.map((r) => r.map(safeCell)) },
    // Any of the separators readCsv guesses among is quoted too, so a file of one column whose
    // cells hold a tab or a semicolon reads back as one column.
    { newline: '\r\n', quotes: (value: unknown) => typeof value === 'string' && /[,;\t]/.test(value), escapeFormulae: false },
  )}\r\n`;
}
