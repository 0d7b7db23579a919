// What a spreadsheet could run in a CSV file, whichever way it reads it: splitting each line
// on a comma, a semicolon (Excel with a European list separator) or a tab (a paste), and
// honouring quotes or not (a quote in the middle of its field is just a character to it).
// Every piece such a reader could take for a cell is looked at, after the spaces, quotes,
// tabs and CRs a spreadsheet may step over.

const SEPARATORS = [',', ';', '\t'] as const;

// A bare E.164 phone (the cell whole, perhaps in its quotes): a sign and digits, no formula.
const PHONE = /^\+\d{8,15}"?$/;

/** Every piece of `csv` that some reader would take for a cell starting with = + - or @. */
export function liveFormulas(csv: string): string[] {
  const live = new Set<string>();
  for (const separator of SEPARATORS)
    for (const line of csv.split(/\r\n|\r|\n/))
      for (const piece of line.split(separator)) {
        const shown = piece.replace(/^[ "\t\r]+/, '');
        if (/^[=+\-@]/.test(shown) && !PHONE.test(shown)) live.add(piece);
      }
  return [...live];
}

/** Payloads a user can type into any field that reaches an export. */
export const FORMULA_PAYLOADS = ['x;=1+1;y', 'a\t=1+1', 'n,@SUM(A1)', 'l\n-2+3', '=HYPERLINK("http://x")'] as const;
