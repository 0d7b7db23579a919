import Papa from 'papaparse';
import { restoreCell } from './write-csv.ts';

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

/**
 * The separator that splits the first rows (blank ones aside) most consistently: the most rows
 * with as many cells as the header, then the most header cells. Papa's own guess prefers the
 * first candidate on a tie, and reads a tab file whose cells hold semicolons as a ; file.
 */
function guessSeparator(body: string): CsvSeparator {
  let best: { separator: CsvSeparator; score: [number, number] } = { separator: ',', score: [0, 1] };
  for (const separator of CSV_SEPARATORS) {
    const rows = Papa.parse<string[]>(body, { delimiter: separator, skipEmptyLines: 'greedy', preview: 10 }).data;
    const width = rows[0]?.length ?? 0;
    const score: [number, number] = [rows.filter((r) => r.length === width).length, width];
    if (width > 1 && (score[0] > best.score[0] || (score[0] === best.score[0] && score[1] > best.score[1])))
      best = { separator, score };
  }
  return best.separator;
}

/** Reads CSV text with a header row; blank lines are skipped, cells are kept as typed. */
export function readCsv(text: string): CsvTable {
  const body = text.replace(/^\ufeff/, '');
  const separator = guessSeparator(body);
  const parsed = Papa.parse<string[]>(body, { delimiter: separator, skipEmptyLines: false, header: false });
  // Row numbers count every record, blank ones too, so they match what the spreadsheet shows;
  // a cell's line breaks do not start a new row. A file the console wrote (write-csv.ts) comes
  // back with its cells as they were: "'+1-555-0100" is the phone "+1-555-0100", its quote the
  // writer's formula guard; a quote before anything a spreadsheet would not run is the sender's own.
  const numbered = parsed.data.map((cells, i) => ({ line: i + 1, cells: cells.map(restoreCell) }));
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
