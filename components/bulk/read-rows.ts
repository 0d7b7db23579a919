import type { SignTemplate } from '@/lib/catalog/schemas';
import { readCsv } from '@/lib/csv/read-csv';
import { rowsFromTable, type BulkRow, type TableReport } from '@/lib/bulk/rows';

type ReadSheetProblem = ReturnType<typeof readCsv>['problems'][number];

/** A spreadsheet read into rows of a template, with what is wrong with the file as a whole. */
export interface ReadSheet {
  /** the file's name, or "Pasted rows" */
  source: string;
  report: TableReport;
  /** the first row's cells, which were read as the header */
  headerCells: string[];
  /** cells the reader could not make sense of (an unclosed quote), by row */
  problems: ReadSheetProblem[];
  rows: BulkRow[];
}

/** `locale`: the sender's (the browser's), in which the file's dates are read. */
export function readSheet(template: SignTemplate, text: string, source: string, locale: string): ReadSheet {
  const table = readCsv(text);
  const { report, rows } = rowsFromTable(template, table, { locale });
  return { source, report, headerCells: table.header, problems: table.problems, rows };
}

/** The sheet's own problems in words, most blocking first; empty when the columns are fine. */
export function sheetProblems(sheet: ReadSheet): { text: string; blocks: boolean }[] {
  const { report } = sheet;
  const list = (items: string[]) => items.map((i) => `“${i}”`).join(', ');
  // Rows without their header: the first one was taken for it, so every column reads as
  // missing and every cell as an unknown column; say what happened instead.
  if (report.headerless)
    return [
      {
        text: `The header row is missing: the first row (${list(sheet.headerCells.slice(0, 3))}${sheet.headerCells.length > 3 ? ', …' : ''}) names none of this template’s columns. Copy the header row with your rows (it is the first line of the CSV template) and read them again.`,
        blocks: true,
      },
    ];
  const examples = report.examples.length
    ? [
        {
          text: `Row ${report.examples.join(', ')} is the CSV template’s example: left out, never sent.`,
          blocks: false,
        },
      ]
    : [];
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
    ...(sheet.rows.length === 0
      ? [
          {
            text: report.examples.length
              ? 'The file has only the CSV template’s example row: add your own rows.'
              : 'The file has a header but no rows.',
            blocks: true,
          },
        ]
      : examples),
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
