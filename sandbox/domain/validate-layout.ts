import { z } from 'zod';
import { badRequest, type ErrorDetail } from '../http/errors.ts';
import type { PageSize } from '../pdf/page-sizes.ts';
import { FIELD_TYPES, type EditorLayout, type LayoutField } from './editor-layout.ts';

export const MAX_LAYOUT_FIELDS = 500;
// Editors work in floating point; a field drawn flush with the page edge must not fail on
// rounding noise.
const EDGE_TOLERANCE = 1e-6;

const layoutShape = z.strictObject({ fields: z.array(z.unknown()) });
const fieldShape = z.strictObject({
  id: z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  type: z.enum(FIELD_TYPES, { message: `must be one of ${FIELD_TYPES.join(', ')}` }),
  page: z.number().int('must be a whole number'),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  slot_id: z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  required: z.boolean(),
});

export function invalidLayout(details: ErrorDetail[]) {
  const shown = details
    .slice(0, 5)
    .map((d) => `${d.path}: ${d.message}`)
    .join('; ');
  const more = details.length > 5 ? `; and ${details.length - 5} more` : '';
  return badRequest('INVALID_LAYOUT', `The layout is invalid: ${shown}${more}.`, details);
}

function shapeProblems(raw: unknown, index: number): { field?: LayoutField; details: ErrorDetail[] } {
  const parsed = fieldShape.safeParse(raw);
  if (parsed.success) return { field: parsed.data, details: [] };
  const obj = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  const fieldId = typeof obj?.id === 'string' ? obj.id : undefined;
  const details = parsed.error.issues.map((issue) => {
    const key = issue.path[0];
    const missing = obj !== undefined && key !== undefined && !(String(key) in obj);
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown property(ies): ${issue.keys.join(', ')}`
        : missing
          ? 'is required'
          : issue.message;
    return { path: ['fields', index, ...issue.path].map(String).join('.'), message, ...(fieldId ? { field_id: fieldId } : {}) };
  });
  return { details };
}

// Rules of DESIGN.md section 3: the page exists, the size is positive and the whole field
// lies on the page, measured against that page's own size.
function placementProblems(f: LayoutField, index: number, pages: PageSize[]): ErrorDetail[] {
  const at = (prop: string, message: string): ErrorDetail => ({ path: `fields.${index}.${prop}`, message, field_id: f.id });
  const page = pages[f.page - 1];
  if (f.page < 1 || !page) return [at('page', `page ${f.page} does not exist; the document has ${pages.length} page(s)`)];
  const out: ErrorDetail[] = [];
  if (f.width <= 0) out.push(at('width', 'must be greater than 0'));
  if (f.height <= 0) out.push(at('height', 'must be greater than 0'));
  if (f.x < 0) out.push(at('x', 'must be at least 0 (the left edge of the page)'));
  if (f.y < 0) out.push(at('y', 'must be at least 0 (the bottom edge of the page)'));
  // A field that starts past the edge is wrong in its position, one that runs past it in its size.
  if (f.x >= page.width) {
    out.push(at('x', `the field starts at x = ${f.x}, beyond the right edge of page ${f.page} (${page.width} points wide)`));
  } else if (f.width > 0 && f.x + f.width > page.width + EDGE_TOLERANCE) {
    out.push(
      at('width', `the field ends at x = ${f.x + f.width}, beyond the right edge of page ${f.page} (${page.width} points wide)`),
    );
  }
  if (f.y >= page.height) {
    out.push(at('y', `the field starts at y = ${f.y}, beyond the top edge of page ${f.page} (${page.height} points high)`));
  } else if (f.height > 0 && f.y + f.height > page.height + EDGE_TOLERANCE) {
    out.push(
      at('height', `the field ends at y = ${f.y + f.height}, beyond the top edge of page ${f.page} (${page.height} points high)`),
    );
  }
  return out;
}

/** Checks a layout against the document's pages; every offending field is reported (400 INVALID_LAYOUT). */
export function validateLayout(input: unknown, pages: PageSize[]): EditorLayout {
  const shape = layoutShape.safeParse(input);
  if (!shape.success) {
    throw invalidLayout(
      shape.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.') || 'layout',
        message:
          issue.code === 'unrecognized_keys'
            ? `unknown property(ies): ${issue.keys.join(', ')}`
            : `${issue.message}; a layout is {"fields": [...]}`,
      })),
    );
  }
  const raw = shape.data.fields;
  if (raw.length > MAX_LAYOUT_FIELDS) {
    throw invalidLayout([{ path: 'fields', message: `at most ${MAX_LAYOUT_FIELDS} fields are allowed; got ${raw.length}` }]);
  }
  const details: ErrorDetail[] = [];
  const fields: LayoutField[] = [];
  const seen = new Map<string, number>();
  raw.forEach((item, index) => {
    const { field, details: shapeDetails } = shapeProblems(item, index);
    details.push(...shapeDetails);
    if (!field) return;
    const first = seen.get(field.id);
    if (first !== undefined) {
      details.push({
        path: `fields.${index}.id`,
        message: `duplicate field id "${field.id}" (also used by fields.${first})`,
        field_id: field.id,
      });
    } else {
      seen.set(field.id, index);
    }
    details.push(...placementProblems(field, index, pages));
    fields.push(field);
  });
  if (details.length > 0) throw invalidLayout(details);
  return { fields };
}
