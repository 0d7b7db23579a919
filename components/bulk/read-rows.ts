import type { SignTemplate } from '@/lib/catalog/schemas';
import { readCsv } from '@/lib/csv/read-csv';
import { rowsFromTable, type BulkRow, type TableReport } from '@/lib/bulk/rows';

type ReadSheetProblem = ReturnType<typeof readCsv>['problems'][number];

/** A spreadsheet read into rows of a template, with what is wrong with the file as a whole. */
export interface ReadSheet {
  /** the file's name, or "Pasted rows" */
  source: string;
  report: TableReport;
  /** cells the reader could not make sense of (an unclosed quote), by row */
  problems: ReadSheetProblem[];
  rows: BulkRow[];
}

export function readSheet(template: SignTemplate, text: string, source: string): ReadSheet {
  const table = readCsv(text);
  const { report, rows } = rowsFromTable(template, table);
  return { source, report, problems: table.problems, rows };
}

/** The sheet's own problems in words, most blocking first; empty when the columns are fine. */
export function sheetProblems(sheet: ReadSheet): { text: string; blocks: boolean }[] {
  const { report } = sheet;
  const list = (items: string[]) => items.map((i) => `“${i}”`).join(', ');
  return [
    ...(report.missing.length
      ? [
          {
            text: `Missing column${report.missing.length === 1 ? '' : 's'}: ${list(report.missing.map((c) => c.header))}. Add ${report.missing.length === 1 ? 'it' : 'them'} to the file (see the CSV template) and read it again.`,
            blocks: true,
          },
        ]
      : []),
    ...(report.dropped
      ? [
          {
            text: `The file has ${sheet.rows.length + report.dropped} rows; a batch takes at most ${sheet.rows.length}. Split it into several batches.`,
            blocks: true,
          },
        ]
      : []),
    ...(sheet.rows.length === 0 ? [{ text: 'The file has a header but no rows.', blocks: true }] : []),
    ...(report.unknown.length
      ? [
          {
            text: `Column${report.unknown.length === 1 ? '' : 's'} this template does not have, ignored: ${list(report.unknown)}.`,
            blocks: false,
          },
        ]
      : []),
    ...(report.repeated.length
      ? [
          {
            text: `Column${report.repeated.length === 1 ? '' : 's'} given twice, the later one ignored: ${list(report.repeated)}.`,
            blocks: false,
          },
        ]
      : []),
    ...(report.overlong.length
      ? [
          {
            text: `Row${report.overlong.length === 1 ? '' : 's'} ${report.overlong.join(', ')} ${report.overlong.length === 1 ? 'has' : 'have'} more cells than the header names; the extra cells are ignored.`,
            blocks: false,
          },
        ]
      : []),
    ...sheet.problems.map((p) => ({
      text: `${p.line === null ? '' : `Row ${p.line}: `}${p.message}. Check the quotes in that row.`,
      blocks: true,
    })),
  ];
}
