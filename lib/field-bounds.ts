import { formatNumber } from './format.ts';
import type { FieldDescriptor } from './submission-schema.ts';

// A schema field's bounds as a sentence fragment, in the reader's number format: the catalog's
// form preview and the request form's hints say them alike.

/** "0.01 to 1,000,000", "at least 10 characters"... or null when the field has no bounds. */
export function boundsOf(f: FieldDescriptor): string | null {
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    const u = unit ? ` ${unit}` : '';
    if (min !== undefined && max !== undefined) return `${formatNumber(min)} to ${formatNumber(max)}${u}`;
    if (min !== undefined) return `at least ${formatNumber(min)}${u}`;
    if (max !== undefined) return `at most ${formatNumber(max)}${u}`;
    return null;
  };
  if (f.kind === 'number' || f.kind === 'integer') return range(f.min, f.max, '');
  if (f.kind === 'text' || f.kind === 'email') return range(f.minLength, f.maxLength, 'characters');
  return null;
}
