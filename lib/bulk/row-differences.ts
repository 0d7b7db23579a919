import type { SignTemplate } from '../catalog/schemas.ts';
import type { BulkRow } from './schemas.ts';

// What sets a package apart from the one reviewed before it: forty reviews of one template
// are humane only if the eye goes straight to what changed.

export interface RowDifference {
  /** the summary section it belongs to */
  section: 'values' | 'recipients' | 'expiry';
  label: string;
  before: string;
  after: string;
}

const text = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));

export function rowDifferences(template: SignTemplate, previous: BulkRow, row: BulkRow): RowDifference[] {
  const differences: RowDifference[] = [];
  const keys = [
    ...new Set([
      ...template.sender_fields.map((f) => f.key),
      ...Object.keys(row.sender_values),
      ...Object.keys(previous.sender_values),
    ]),
  ];
  for (const key of keys) {
    const [before, after] = [text(previous.sender_values[key]), text(row.sender_values[key])];
    const label = template.sender_fields.find((f) => f.key === key)?.label ?? key;
    if (before !== after) differences.push({ section: 'values', label, before, after });
  }
  row.signers.forEach((signer, i) => {
    const was = previous.signers.find((s) => s.slot_id === signer.slot_id) ?? previous.signers[i];
    const slot = template.slots.find((s) => s.slot_id === signer.slot_id)?.label ?? signer.slot_id;
    for (const part of ['name', 'email', 'phone'] as const) {
      const [before, after] = [text(was?.[part]), text(signer[part])];
      if (before !== after)
        differences.push({ section: 'recipients', label: `${slot}: ${part === 'email' ? 'e-mail' : part}`, before, after });
    }
  });
  if (previous.expires_in_days !== row.expires_in_days)
    differences.push({
      section: 'expiry',
      label: 'Days to sign',
      before: String(previous.expires_in_days),
      after: String(row.expires_in_days),
    });
  return differences;
}

/** The pages (1-based) whose text differs between two documents, a page only one has included. */
export function differingPages(previous: readonly string[], current: readonly string[]): number[] {
  const pages: number[] = [];
  for (let i = 0; i < Math.max(previous.length, current.length); i++) if (previous[i] !== current[i]) pages.push(i + 1);
  return pages;
}
