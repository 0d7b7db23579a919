import { z } from 'zod';

// The submission schema of a workflow release (DESIGN.md section 3): a JSON Schema 2020-12
// object whose `properties` are the form's fields. Shared by the sandbox (which enforces it)
// and the console (which renders and pre-validates the form), so both read it the same way.
// Understood: type string|number|integer|boolean, title, description, format
// date|email|document, enum (strings), minLength/maxLength, minimum/maximum, required.
// Other keywords are annotations here and are ignored, not rejected: the catalog may grow.
// An unknown property `type` is refused, though: no form could render or validate it.

const propertySchema = z.looseObject({
  type: z.enum(['string', 'number', 'integer', 'boolean']),
  title: z.string().optional(),
  description: z.string().optional(),
  // Unknown formats stay plain text, as JSON Schema treats formats it does not know.
  format: z.string().optional(),
  enum: z.array(z.string()).min(1).optional(),
  minLength: z.number().int().min(0).optional(),
  maxLength: z.number().int().min(0).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
});

export const submissionSchemaSchema = z.looseObject({
  $schema: z.string().optional(),
  type: z.literal('object'),
  title: z.string().optional(),
  properties: z.record(z.string().min(1), propertySchema),
  required: z.array(z.string()).optional(),
});

export interface SubmissionProperty {
  type: 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  format?: string;
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** What the helpers below need; a parsed `submissionSchemaSchema` and the sandbox's records both fit. */
export interface SubmissionSchemaDocument {
  properties: Record<string, SubmissionProperty>;
  required?: readonly string[];
}

export type FieldKind = 'text' | 'email' | 'date' | 'number' | 'integer' | 'boolean' | 'enum' | 'document';

export interface FieldDescriptor {
  key: string;
  title: string;
  description?: string;
  kind: FieldKind;
  required: boolean;
  options?: readonly string[];
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
}

function kindOf(p: SubmissionProperty): FieldKind {
  if (p.type !== 'string') return p.type;
  if (p.format === 'document') return 'document';
  if (p.enum) return 'enum';
  if (p.format === 'date') return 'date';
  if (p.format === 'email') return 'email';
  return 'text';
}

/** Fields in schema order. `required` entries without a property are ignored rather than fatal. */
export function fieldsOf(schema: SubmissionSchemaDocument): FieldDescriptor[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([key, p]) => {
    const kind = kindOf(p);
    const field: FieldDescriptor = { key, title: p.title ?? key, kind, required: required.has(key) };
    if (p.description !== undefined) field.description = p.description;
    if (kind === 'enum') field.options = p.enum;
    if (kind === 'number' || kind === 'integer') {
      if (p.minimum !== undefined) field.min = p.minimum;
      if (p.maximum !== undefined) field.max = p.maximum;
    }
    if (kind === 'text' || kind === 'email') {
      if (p.minLength !== undefined) field.minLength = p.minLength;
      if (p.maxLength !== undefined) field.maxLength = p.maxLength;
    }
    return field;
  });
}

/** Required `format: document` fields that no provided document covers. */
export function missingDocumentFields(schema: SubmissionSchemaDocument, provided: readonly string[]): string[] {
  const have = new Set(provided);
  return fieldsOf(schema)
    .filter((f) => f.kind === 'document' && f.required && !have.has(f.key))
    .map((f) => f.key);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD naming a day that exists (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

// JSON Schema counts string length in code points, not UTF-16 units.
const codePoints = (s: string) => [...s].length;

const typeError = (expected: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : `must be ${expected}`),
});

function lengthChecked(base: z.ZodString, p: SubmissionProperty): z.ZodString {
  let s = base;
  const { minLength, maxLength } = p;
  if (minLength !== undefined) s = s.refine((v) => codePoints(v) >= minLength, `must be at least ${minLength} characters`);
  if (maxLength !== undefined) s = s.refine((v) => codePoints(v) <= maxLength, `must be at most ${maxLength} characters`);
  return s;
}

function bounded(base: z.ZodNumber, p: SubmissionProperty): z.ZodNumber {
  let n = base;
  if (p.minimum !== undefined) n = n.min(p.minimum, `must be at least ${p.minimum}`);
  if (p.maximum !== undefined) n = n.max(p.maximum, `must be at most ${p.maximum}`);
  return n;
}

function valueSchema(p: SubmissionProperty): z.ZodType {
  switch (kindOf(p)) {
    case 'boolean':
      return z.boolean(typeError('true or false'));
    case 'number':
      return bounded(z.number(typeError('a number')), p);
    case 'integer':
      return bounded(z.number(typeError('a whole number')).int('must be a whole number'), p);
    case 'enum': {
      const options = p.enum ?? [];
      return z.string(typeError('a string')).refine((v) => options.includes(v), `must be one of: ${options.join(', ')}`);
    }
    case 'date':
      return z.string(typeError('a date (YYYY-MM-DD)')).refine(isCalendarDate, 'must be a real date in the form YYYY-MM-DD');
    case 'email':
      return lengthChecked(z.string(typeError('a string')), p).pipe(z.email('must be an e-mail address'));
    default:
      return lengthChecked(z.string(typeError('a string')), p);
  }
}

export interface FormDataOptions {
  /** field keys of the documents attached so far; when given, uncovered required document fields are issues */
  documentKeysProvided?: readonly string[];
  /** a saved draft: types, formats and bounds still hold, but nothing is required */
  partial?: boolean;
}

/**
 * Validates `form_data`: the schema's non-document fields, strictly (unknown keys and
 * document keys are rejected; documents travel in their own list). Issue paths are field keys.
 */
export function formDataValidator(schema: SubmissionSchemaDocument, options: FormDataOptions = {}) {
  const required = new Set(options.partial ? [] : (schema.required ?? []));
  const shape: Record<string, z.ZodType> = {};
  for (const [key, p] of Object.entries(schema.properties)) {
    if (kindOf(p) === 'document') continue;
    const value = valueSchema(p);
    shape[key] = required.has(key) ? value : value.optional();
  }
  const validator = z.strictObject(shape);
  const provided = options.documentKeysProvided;
  if (!provided || options.partial) return validator;
  // `when` keeps the document check running even when other fields fail, so a form shows every problem at once.
  return validator.check(
    z.superRefine(
      (_value, ctx) => {
        for (const key of missingDocumentFields(schema, provided)) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'required document is missing' });
        }
      },
      { when: () => true },
    ),
  );
}
