import type { SignTemplate } from '../catalog/schemas.ts';
import { writeCsv } from '../csv/write-csv.ts';

// A batch's spreadsheet: one column per sender field (named by its key, as the API names it),
// three per signer slot, and two optional ones, the sender's reference and the expiry (a blank
// or missing expiry takes the batch's).

export const BULK_MAX_ROWS = 500;

export type BulkColumn =
  | { header: string; label: string; required: boolean; kind: 'value'; key: string }
  | { header: string; label: string; required: true; kind: 'name' | 'email' | 'phone'; slot: number; slotLabel: string }
  | { header: string; label: string; required: false; kind: 'reference' | 'expiry' };

export const REFERENCE_COLUMN = 'reference';
export const EXPIRY_COLUMN = 'expires_in_days';

const SIGNER_PARTS = [
  { kind: 'name', label: 'name' },
  { kind: 'email', label: 'e-mail' },
  { kind: 'phone', label: 'phone' },
] as const;

export function bulkColumns(template: SignTemplate): BulkColumn[] {
  return [
    ...template.sender_fields.map((f): BulkColumn => ({
      header: f.key,
      label: f.label,
      required: f.required,
      kind: 'value',
      key: f.key,
    })),
    ...template.slots.flatMap((slot, i) =>
      SIGNER_PARTS.map(({ kind, label }): BulkColumn => ({
        header: `${slot.slot_id}.${kind}`,
        label: `${slot.label}: ${label}`,
        required: true,
        kind,
        slot: i,
        slotLabel: slot.label,
      })),
    ),
    { header: REFERENCE_COLUMN, label: 'Your reference', required: false, kind: 'reference' },
    { header: EXPIRY_COLUMN, label: 'Days to sign', required: false, kind: 'expiry' },
  ];
}

/** A header is matched as people retype it: case and surrounding spaces do not matter. */
export const headerKey = (header: string) => header.trim().toLowerCase();

const EXAMPLE: Record<string, string> = { text: 'Example text', number: '1250.50', date: '2027-01-31' };

/**
 * The example row's reference: a row carrying it is the template's example, read as no row,
 * so a file uploaded as downloaded makes no package for the example's made-up signers.
 */
export const EXAMPLE_REFERENCE = 'EXAMPLE ROW, never sent: replace or delete it';

/** The made-up address of a slot in the example row (example.com is reserved, RFC 2606). */
export const exampleEmail = (slot: number) => `signer${slot + 1}@example.com`;

function exampleCell(column: BulkColumn, types: ReadonlyMap<string, string>): string {
  switch (column.kind) {
    case 'value':
      return EXAMPLE[types.get(column.key) ?? 'text'] ?? EXAMPLE.text!;
    case 'name':
      return `Signer ${column.slot + 1}`;
    case 'email':
      return exampleEmail(column.slot);
    case 'phone':
      return `+4915112345${String(column.slot + 1).padStart(3, '0')}`;
    case 'reference':
      return EXAMPLE_REFERENCE;
    case 'expiry':
      // Blank: the batch's expiry applies, which the sender chooses on the page.
      return '';
  }
}

/** The CSV a sender fills in: the header and one example row, marked as one, to overwrite. */
export function bulkCsvTemplate(template: SignTemplate): string {
  const columns = bulkColumns(template);
  const types = new Map(template.sender_fields.map((f) => [f.key, f.type]));
  return writeCsv(
    columns.map((c) => c.header),
    [columns.map((c) => exampleCell(c, types))],
  );
}

/** The file name of a template's CSV: its name in letters, digits and dashes. */
export const bulkTemplateFileName = (template: SignTemplate) =>
  `signdesk-bulk-${
    template.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || template.id
  }.csv`;
