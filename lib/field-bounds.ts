import { formatNumber } from './format.ts';
import type { FieldDescriptor } from './submission-schema/index.ts';

// A schema field's rules as a sentence fragment, in the reader's number format: the catalog's
// form preview and the request form's hints say them alike.

const STRING_KINDS = new Set(['text', 'email', 'uri', 'date', 'date-time']);

// A bound is said in full: rounded to the usual 6 places, a minimum of 0.0000001 would read
// "at least 0", a value the validator then refuses.
const exact = (n: number) => formatNumber(n, { maxDecimals: 20 });

/** "0.01 to 1,000,000", "more than 0, in steps of 0.01", "1 to 4 entries"... or null when the field has none. */
export function boundsOf(f: FieldDescriptor): string | null {
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    const u = unit ? ` ${unit}` : '';
    if (min !== undefined && max !== undefined) return `${exact(min)} to ${exact(max)}${u}`;
    if (min !== undefined) return `at least ${exact(min)}${u}`;
    if (max !== undefined) return `at most ${exact(max)}${u}`;
    return null;
  };
  const parts: string[] = [];
  if (f.kind === 'number' || f.kind === 'integer') {
    const inclusive = range(f.min, f.max, '');
    if (inclusive) parts.push(inclusive);
    if (f.exclusiveMin !== undefined) parts.push(`more than ${exact(f.exclusiveMin)}`);
    if (f.exclusiveMax !== undefined) parts.push(`less than ${exact(f.exclusiveMax)}`);
    if (f.multipleOf !== undefined) parts.push(`in steps of ${exact(f.multipleOf)}`);
  }
  if (STRING_KINDS.has(f.kind)) {
    const length = range(f.minLength, f.maxLength, 'characters');
    if (length) parts.push(length);
    if (f.pattern !== undefined) parts.push(`matching ${f.pattern}`);
  }
  if (f.kind === 'array') {
    const count = range(f.minItems, f.maxItems, 'entries');
    if (count) parts.push(count);
    if (f.uniqueItems) parts.push('no entry twice');
  }
  return parts.length > 0 ? parts.join(', ') : null;
}
