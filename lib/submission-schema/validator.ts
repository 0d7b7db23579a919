import { z } from 'zod';
import type { FieldDescriptor } from './fields.ts';
import { isAbsoluteUri, isCalendarDate, isDateTime } from './formats.ts';
import { PatternBudget, SUBMISSION_TOO_COMPLEX } from './pattern-budget.ts';
import { compilePattern, isWithin } from './pattern-engine.ts';

// form_data checked against a release's fields (fields.ts): the sandbox's 422s, the console
// route's check and the browser form's messages all come from here. Issue paths are the
// data's own (`items.0.amount`), so each message lands on its field.

export interface FormDataOptions {
  /** a saved draft: types, formats and bounds still hold, but nothing is required */
  partial?: boolean;
  /**
   * field key → document id attached through `documents`. A document field in form_data is
   * either absent or holds that same id (DESIGN.md section 3); a mismatch is an issue. Not
   * given (the documents are not known), any id is taken.
   */
  documents?: Readonly<Record<string, string>>;
}

// What one check of a submission carries from field to field: its budget of pattern work
// (pattern-budget.ts), new at each parse however often a validator is used.
interface Run {
  budget: PatternBudget;
}

// JSON Schema counts string length in code points, not UTF-16 units.
const codePoints = (s: string) => [...s].length;

// Only a wrong type is said in these words; other issues (an unknown key) keep their own.
const typeError = (expected: string) => ({
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code !== 'invalid_type' ? undefined : issue.input === undefined ? 'required' : `must be ${expected}`,
});

/** A value that must be one of `allowed`; absent reads as required, as a typed field's does. */
const oneOfValues = (fits: (v: unknown) => boolean, message: string) =>
  z.custom<unknown>((v) => v !== undefined && fits(v), { error: (issue) => (issue.input === undefined ? 'required' : message) });

const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

/**
 * A value the pattern refuses, said in words first (the field's description, or its example),
 * the pattern itself kept at the end for the curious.
 */
function patternMessage(f: FieldDescriptor, pattern: string): string {
  const words = f.description ? `: ${f.description.replace(/\.$/, '')}` : f.example ? `, such as ${f.example}` : '';
  return `must have the expected form${words} (the exact rule is the pattern ${pattern})`;
}

function stringChecks(base: z.ZodString, f: FieldDescriptor, run: Run): z.ZodString {
  let s = base;
  const { minLength, maxLength, pattern } = f;
  if (minLength !== undefined) s = s.refine((v) => codePoints(v) >= minLength, `must be at least ${minLength} characters`);
  if (maxLength !== undefined) s = s.refine((v) => codePoints(v) <= maxLength, `must be at most ${maxLength} characters`);
  // A pattern the engine cannot run was named unsupported when the schema was read, and its
  // field left out; one here anyway is left to the API, as any unsupported construct is.
  const compiled = pattern === undefined ? null : compilePattern(pattern);
  if (compiled) {
    const { inputLimit } = compiled;
    s = s.superRefine((v, ctx) => {
      // A value its maxLength refuses is said to be too long, and not matched as well.
      if (maxLength !== undefined && !isWithin(v, maxLength)) return;
      if (!isWithin(v, inputLimit))
        ctx.addIssue({
          code: 'custom',
          input: v,
          message: `must be at most ${inputLimit} characters to be checked against the pattern ${pattern}`,
        });
      else if (!run.budget.take(compiled.work(v))) {
        if (run.budget.said) return;
        run.budget.said = true;
        ctx.addIssue({
          code: 'custom',
          input: v,
          params: { code: SUBMISSION_TOO_COMPLEX },
          message:
            'was not checked: this submission asks for more pattern checking than one request may do; send fewer or shorter values',
        });
      }
      // JSON Schema patterns are not anchored: they match anywhere in the value.
      else if (!compiled.test(v)) ctx.addIssue({ code: 'custom', input: v, message: patternMessage(f, pattern!) });
    });
  }
  return s;
}

/** multipleOf on binary floating point: 0.3 is a multiple of 0.1 as a person counts. */
function isMultiple(value: number, step: number): boolean {
  const q = value / step;
  return Math.abs(q - Math.round(q)) <= 1e-9 * Math.max(1, Math.abs(q));
}

function numberChecks(base: z.ZodNumber, f: FieldDescriptor): z.ZodType<number> {
  let n: z.ZodType<number> = base;
  const { min, max, exclusiveMin, exclusiveMax, multipleOf } = f;
  if (min !== undefined) n = n.refine((v) => v >= min, `must be at least ${min}`);
  if (max !== undefined) n = n.refine((v) => v <= max, `must be at most ${max}`);
  if (exclusiveMin !== undefined) n = n.refine((v) => v > exclusiveMin, `must be greater than ${exclusiveMin}`);
  if (exclusiveMax !== undefined) n = n.refine((v) => v < exclusiveMax, `must be less than ${exclusiveMax}`);
  if (multipleOf !== undefined) n = n.refine((v) => isMultiple(v, multipleOf), `must be a multiple of ${multipleOf}`);
  return n;
}

/** JSON equality for uniqueItems, whatever the order of an object's keys. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

function valueSchema(f: FieldDescriptor, options: FormDataOptions, run: Run): z.ZodType {
  switch (f.kind) {
    case 'boolean':
      return z.boolean(typeError('true or false'));
    case 'number':
      return numberChecks(z.number(typeError('a number')), f);
    case 'integer':
      return numberChecks(z.number(typeError('a whole number')).int('must be a whole number'), f);
    case 'choice': {
      const options = f.options ?? [];
      return oneOfValues((v) => options.some((o) => o.value === v), `must be one of: ${options.map((o) => o.value).join(', ')}`);
    }
    case 'constant':
      return oneOfValues((v) => v === f.value, `must be ${shown(f.value)}`);
    case 'date':
      return stringChecks(z.string(typeError('a date (YYYY-MM-DD)')), f, run).refine(
        isCalendarDate,
        'must be a real date in the form YYYY-MM-DD',
      );
    case 'date-time':
      return stringChecks(z.string(typeError('a date and time')), f, run).refine(
        isDateTime,
        'must be a date and time with its offset, like 2026-05-01T09:30:00Z',
      );
    case 'uri':
      return stringChecks(z.string(typeError('a web address')), f, run).refine(
        isAbsoluteUri,
        'must be a full address with its scheme, like https://example.com',
      );
    case 'email':
      return stringChecks(z.string(typeError('a string')), f, run).pipe(z.email('must be an e-mail address'));
    case 'document': {
      const id = z.string(typeError('the id of the document attached to this field'));
      if (!options.documents) return id;
      const attached = options.documents[f.key];
      return id.refine(
        (v) => v === attached,
        attached
          ? `must be ${shown(attached)}, the document attached to this field in documents`
          : 'names a document, but documents attaches none to this field',
      );
    }
    case 'object':
      return objectSchema(f.fields ?? [], Boolean(f.openEnded), options, run);
    case 'array': {
      let counted = z.array(z.unknown(), typeError('a list'));
      const { minItems, maxItems } = f;
      // Like `required`, a minimum count waits for the submission; a draft may hold fewer.
      if (minItems !== undefined && !options.partial)
        counted = counted.refine(
          (v) => v.length >= minItems,
          `must have at least ${minItems} ${minItems === 1 ? 'entry' : 'entries'}`,
        );
      if (maxItems !== undefined)
        counted = counted.refine(
          (v) => v.length <= maxItems,
          `must have at most ${maxItems} ${maxItems === 1 ? 'entry' : 'entries'}`,
        );
      // Counted before any entry is checked (a pipe stops at the first side's issues): a list
      // over its maxItems is refused for that alone, without matching its entries' patterns.
      const list = counted.pipe(z.array(valueSchema(f.item!, options, run)));
      if (!f.uniqueItems) return list;
      // Each repeat is named at its own entry, with the entry it repeats: a person fixes that one.
      return list.superRefine((v, ctx) => {
        const first = new Map<string, number>();
        v.forEach((entry, i) => {
          const key = canonical(entry);
          const earlier = first.get(key);
          if (earlier === undefined) first.set(key, i);
          else ctx.addIssue({ code: 'custom', path: [i], message: `repeats entry ${earlier + 1}: a list of unique entries` });
        });
      });
    }
    default:
      return stringChecks(z.string(typeError('a string')), f, run);
  }
}

// form_data comes from JSON.parse: a field called "constructor" or "toString" that was left out
// must read as absent, not as the function every plain object inherits under that name.
const ownKeysOnly = (v: unknown) =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.assign(Object.create(null) as object, v) : v;

function objectSchema(fields: readonly FieldDescriptor[], openEnded: boolean, options: FormDataOptions, run: Run): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    const value = valueSchema(f, options, run);
    // A document field is answered in `documents`; in form_data it may always be left out.
    shape[f.key] = f.required && !options.partial && f.kind !== 'document' ? value : value.optional();
  }
  return z.preprocess(
    ownKeysOnly,
    openEnded ? z.looseObject(shape, typeError('an object')) : z.strictObject(shape, typeError('an object')),
  );
}

/** Validates form_data against a release's top-level fields; unknown keys are refused. */
export function formDataValidator(
  fields: readonly FieldDescriptor[],
  options: FormDataOptions = {},
): z.ZodType<Record<string, unknown>> {
  const run: Run = { budget: new PatternBudget() };
  const fresh = (v: unknown) => {
    run.budget = new PatternBudget();
    return v;
  };
  return z.preprocess(fresh, objectSchema(fields, false, options, run)) as z.ZodType<Record<string, unknown>>;
}
