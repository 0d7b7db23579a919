import type { ErrorDetail } from '../api-error.ts';
import type { LayoutField } from '../documents/schemas.ts';

// INVALID_LAYOUT answers name the offending field by `field_id` and by a path into the layout
// that was sent (`fields.3.width`); both are mapped back to the field the user sees.

export interface FieldProblem {
  /** the property at fault (`width`), or null for the field as a whole */
  property: string | null;
  message: string;
}

export interface LayoutProblems {
  byField: Record<string, FieldProblem[]>;
  /** problems that belong to no single field (too many fields, an empty layout on COMPLETE) */
  general: string[];
}

export const NO_PROBLEMS: LayoutProblems = { byField: {}, general: [] };

const PROPERTY_LABELS: Record<string, string> = {
  id: 'ID',
  type: 'Type',
  page: 'Page',
  x: 'X',
  y: 'Y',
  width: 'Width',
  height: 'Height',
  slot_id: 'Signer',
  required: 'Required',
};

export const propertyLabel = (property: string | null) => (property ? (PROPERTY_LABELS[property] ?? property) : 'Field');

const PATH = /^(?:layout\.)?fields\.(\d+)(?:\.([A-Za-z_]+))?/;

/** Groups the answer's details by the field they concern, in the order of `sent`. */
export function layoutProblems(details: readonly ErrorDetail[], sent: readonly LayoutField[]): LayoutProblems {
  const byField: Record<string, FieldProblem[]> = {};
  const general: string[] = [];
  for (const d of details) {
    const match = PATH.exec(d.path);
    const fromPath = match ? sent[Number(match[1])]?.id : undefined;
    const id = typeof d.field_id === 'string' && sent.some((f) => f.id === d.field_id) ? d.field_id : fromPath;
    if (!id) {
      general.push(d.path && d.path !== 'fields' ? `${d.path}: ${d.message}` : d.message);
      continue;
    }
    (byField[id] ??= []).push({ property: match?.[2] ?? null, message: d.message });
  }
  return { byField, general };
}

export const problemCount = (p: LayoutProblems) => Object.values(p.byField).reduce((n, list) => n + list.length, 0) + p.general.length;

/** "Width: the field ends at …" */
export const problemText = (p: FieldProblem) => `${propertyLabel(p.property)}: ${p.message}`;
