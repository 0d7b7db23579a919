import { E164 } from '../packages/phone.ts';

// The one CSV writer: every export (audit log, packages, approval requests, bulk results,
// recipients) and the bulk template the browser builds. Comma-separated, CRLF, RFC 4180 quotes.
//
// Formulas (issue 33). A spreadsheet runs a cell that starts with = + - @ (or a tab or CR it
// strips first). Which text is "a cell" depends on the reader: Excel with a `;` list separator
// (most of Europe) splits `a,"x;=1+1;y"` on the semicolons and never sees the quotes (they are
// not at the start of its field), so `=1+1` is live however this file quotes it; a paste splits
// on tabs, and a reader that does not honour quotes starts a row at a line break inside a cell.
// So every segment a reader splitting on `,`, `;`, tab or a line break could see is defused:
// a `'` is put before it, which spreadsheets show as text and readCsv takes away again.
//
// Phones (issue 35). A phone in E.164 (+4915112345678, the form the console stores) is
// written as typed, quoted, without the `'`: a plus and 8 to 15 digits hold no function,
// reference, operator or DDE call, so nothing can run. A spreadsheet that converts numbers
// may show it as the number 4915112345678 (every digit kept: 15 is its precision); one that
// takes a quoted field as text (LibreOffice's "format quoted field as text", an import with the
// column as text) shows it as typed; readCsv reads it back as typed. A phone with spaces or
// dashes (+1-555-0100) is arithmetic a spreadsheet would compute (-654), so it keeps its `'`.

const BOUNDARIES = /[,;\t\r\n]/g;
// What a segment must not start with, after spaces and quotes a reader may step over; the
// leading `'`s are counted so that a cell typed with its own `'=` reads back with it (one more
// `'` on writing, one fewer on reading: the two functions below are each other's inverse).
const LIVE = /'*[ "]*[=+\-@]/y;
// At the very start of a cell a tab or CR counts too: some spreadsheets drop it and read on.
const LIVE_AT_START = /'*[\t\r]/y;

/** Whether the segment at `at` could run; `atStart`: it is the cell's first. */
function isLiveAt(text: string, at: number, atStart: boolean): boolean {
  LIVE.lastIndex = at;
  if (LIVE.test(text)) return true;
  LIVE_AT_START.lastIndex = at;
  return atStart && LIVE_AT_START.test(text);
}

// Each place a reader may start a cell (the start, and after each separator or line break)
// is offered to `edit`, which puts a `'` there, takes the `'` there away, or leaves it.
function editSegments(text: string, edit: (at: number) => 'insert' | 'drop' | 'keep'): string {
  let out = '';
  let from = 0;
  const starts = [0, ...Array.from(text.matchAll(BOUNDARIES), (m) => m.index + 1)];
  for (const at of starts) {
    const action = edit(at);
    if (action === 'keep') continue;
    out += text.slice(from, at) + (action === 'insert' ? "'" : '');
    from = action === 'insert' ? at : at + 1;
  }
  return out + text.slice(from);
}

/** A cell's text with a `'` before every segment a spreadsheet could run as a formula. */
export function defuseCell(text: string): string {
  if (E164.test(text)) return text;
  return editSegments(text, (at) => (isLiveAt(text, at, at === 0) ? 'insert' : 'keep'));
}

/** defuseCell undone: a cell the console wrote, read back as it was typed. */
export function restoreCell(cell: string): string {
  if (!cell.includes("'")) return cell;
  return editSegments(cell, (at) => (cell[at] === "'" && isLiveAt(cell, at + 1, at === 0) ? 'drop' : 'keep'));
}

const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;

/** One cell of the file: defused, then quoted when it holds a separator, quote, line break or edge space. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = defuseCell(text);
  // The phone is quoted too: a reader that takes quoted fields as text keeps its plus.
  return NEEDS_QUOTES.test(safe) || E164.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const line = (cells: readonly unknown[]) => cells.map(csvCell).join(',');

/** CSV text of a header and rows of cells, CRLF after every line. */
export function writeCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => `${line(r)}\r\n`).join('');
}

/** CSV text of records: a header of `columns`, then each record's values in that order. */
export function toCsv<C extends string>(columns: readonly C[], records: readonly Partial<Record<C, unknown>>[]): string {
  return writeCsv(
    columns,
    records.map((record) => columns.map((c) => record[c])),
  );
}
