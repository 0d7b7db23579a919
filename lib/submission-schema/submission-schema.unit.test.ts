import { describe, expect, it } from 'vitest';
import {
  describeUnsupported,
  fieldsOf,
  formDataValidator,
  isAbsoluteUri,
  isCalendarDate,
  isDateTime,
  missingDocumentFields,
  readSubmissionSchema,
  type FieldDescriptor,
  type FormDataOptions,
} from './index.ts';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  title: 'Expense',
  properties: {
    amount: { type: 'number', title: 'Amount', minimum: 0.01, maximum: 1000 },
    nights: { type: 'integer', title: 'Nights', minimum: 1, maximum: 30 },
    currency: { type: 'string', title: 'Currency', enum: ['EUR', 'USD'] },
    description: { type: 'string', title: 'Description', description: 'What for', minLength: 3, maxLength: 10 },
    spent_on: { type: 'string', format: 'date', title: 'Spent on' },
    contact: { type: 'string', format: 'email', title: 'Contact' },
    billable: { type: 'boolean', title: 'Billable' },
    receipt: { type: 'string', format: 'document', title: 'Receipt' },
    annex: { type: 'string', format: 'document', title: 'Annex' },
  },
  required: ['amount', 'currency', 'spent_on', 'receipt'],
  additionalProperties: false,
};

const valid = { amount: 12.5, currency: 'EUR', spent_on: '2024-02-29' };

const issuesIn = (s: unknown, input: unknown, opts?: FormDataOptions) => {
  const result = formDataValidator(fieldsOf(s), opts).safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};
const issuesOf = (input: unknown, opts?: FormDataOptions) => issuesIn(schema, input, opts);
const pathsOf = (fields: readonly FieldDescriptor[]): string[] =>
  fields.flatMap((f) => [f.path, ...pathsOf(f.fields ?? []), ...(f.item ? pathsOf([f.item]) : [])]);
/** A schema of one field `v`, required. */
const one = (property: Record<string, unknown>) => ({ type: 'object', properties: { v: property }, required: ['v'] });

describe('readSubmissionSchema', () => {
  it('lists fields in schema order with kind, requiredness, options and bounds', () => {
    const fields = fieldsOf(schema);
    expect(fields.map((f) => [f.key, f.kind, f.required])).toEqual([
      ['amount', 'number', true],
      ['nights', 'integer', false],
      ['currency', 'choice', true],
      ['description', 'text', false],
      ['spent_on', 'date', true],
      ['contact', 'email', false],
      ['billable', 'boolean', false],
      ['receipt', 'document', true],
      ['annex', 'document', false],
    ]);
    expect(fields[0]).toMatchObject({ title: 'Amount', min: 0.01, max: 1000, path: 'amount' });
    expect(fields[2]!.options).toEqual([
      { value: 'EUR', label: 'EUR' },
      { value: 'USD', label: 'USD' },
    ]);
    expect(fields[3]).toMatchObject({ description: 'What for', minLength: 3, maxLength: 10 });
    expect(readSubmissionSchema(schema).unsupported).toEqual([]);
  });

  it('falls back to the key when a field has no title, and treats an unknown format as text', () => {
    expect(fieldsOf(one({ type: 'string' }))[0]).toMatchObject({ key: 'v', title: 'v', kind: 'text', required: true });
    expect(fieldsOf(one({ type: 'string', format: 'hostname' }))[0]!.kind).toBe('text');
  });

  it('reads formats, const, oneOf constants, numeric enums, defaults and every bound', () => {
    const [when, site, fixed, level, size, n] = fieldsOf({
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        site: { type: 'string', format: 'uri', default: 'https://example.com' },
        fixed: { const: 'v2', title: 'Version' },
        level: { title: 'Level', oneOf: [{ const: 'l', title: 'Low' }, { const: 'h', title: 'High' }], default: 'h' },
        size: { type: 'integer', enum: [1, 2, 3], default: 9 },
        n: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10, multipleOf: 0.5, default: 2.5 },
      },
    });
    expect(when).toMatchObject({ kind: 'date-time' });
    expect(site).toMatchObject({ kind: 'uri', default: 'https://example.com' });
    expect(fixed).toMatchObject({ kind: 'constant', value: 'v2', title: 'Version' });
    expect(level).toMatchObject({ kind: 'choice', default: 'h', options: [{ value: 'l', label: 'Low' }, { value: 'h', label: 'High' }] });
    // A default that does not fit its field is not offered.
    expect(size).toMatchObject({ kind: 'choice', options: [{ value: 1, label: '1' }, { value: 2, label: '2' }, { value: 3, label: '3' }] });
    expect(size!.default).toBeUndefined();
    expect(n).toMatchObject({ kind: 'number', exclusiveMin: 0, exclusiveMax: 10, multipleOf: 0.5, default: 2.5 });
  });

  it('reads nested objects and arrays of values or objects, with paths', () => {
    const [applicant, tags, items] = fieldsOf({
      type: 'object',
      properties: {
        applicant: {
          type: 'object',
          title: 'Applicant',
          properties: { name: { type: 'string' }, address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
          required: ['name'],
        },
        tags: { type: 'array', items: { type: 'string', maxLength: 5 }, minItems: 1, maxItems: 3, uniqueItems: true },
        items: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } },
      },
    });
    expect(applicant).toMatchObject({ kind: 'object', path: 'applicant' });
    expect(applicant!.fields!.map((f) => [f.path, f.required])).toEqual([
      ['applicant.name', true],
      ['applicant.address', false],
    ]);
    expect(applicant!.fields![1]!.fields![0]).toMatchObject({ path: 'applicant.address.city', required: true });
    expect(tags).toMatchObject({ kind: 'array', minItems: 1, maxItems: 3, uniqueItems: true, item: { kind: 'text', path: 'tags.*', maxLength: 5 } });
    expect(items!.item!.fields![0]).toMatchObject({ path: 'items.*.amount', required: true });
  });

  const unsupported: [string, unknown, string, string][] = [
    ['$ref', one({ $ref: '#/$defs/x' }), 'v', '$ref'],
    ['allOf', one({ allOf: [{ type: 'string' }] }), 'v', 'allOf'],
    ['anyOf', one({ anyOf: [{ type: 'string' }, { type: 'number' }] }), 'v', 'anyOf'],
    ['if/then', one({ type: 'string', if: { minLength: 3 } }), 'v', 'if'],
    ['a list of types', one({ type: ['string', 'null'] }), 'v', 'type list'],
    ['type null', one({ type: 'null' }), 'v', 'type'],
    ['no type', one({ title: 'x' }), 'v', 'type'],
    ['oneOf of schemas', one({ oneOf: [{ type: 'string' }, { const: 'a' }] }), 'v', 'oneOf'],
    ['enum of booleans', one({ enum: [true, false] }), 'v', 'enum'],
    ['enum mismatching its type', one({ type: 'string', enum: ['a', 1] }), 'v', 'enum'],
    ['an empty enum', one({ type: 'string', enum: [] }), 'v', 'enum'],
    ['const null', one({ const: null }), 'v', 'const'],
    ['a bad pattern', one({ type: 'string', pattern: '(' }), 'v', 'pattern'],
    ['a negative minLength', one({ type: 'string', minLength: -1 }), 'v', 'minLength'],
    ['a draft-4 exclusive bound', one({ type: 'number', minimum: 0, exclusiveMinimum: true }), 'v', 'exclusiveMinimum'],
    ['multipleOf 0', one({ type: 'number', multipleOf: 0 }), 'v', 'multipleOf'],
    ['an array without items', one({ type: 'array' }), 'v', 'items'],
    ['a tuple', one({ type: 'array', prefixItems: [{ type: 'string' }] }), 'v', 'prefixItems'],
    ['a list of lists', one({ type: 'array', items: { type: 'array', items: { type: 'string' } } }), 'v.*', 'list of lists'],
    ['a nested document', one({ type: 'object', properties: { scan: { type: 'string', format: 'document' } } }), 'v.scan', 'format: document'],
    ['additionalProperties as a schema', one({ type: 'object', properties: {}, additionalProperties: { type: 'string' } }), 'v', 'additionalProperties'],
    ['required that is not a list', one({ type: 'object', properties: { a: { type: 'string' } }, required: 'a' }), 'v', 'required'],
    ['patternProperties', one({ type: 'object', patternProperties: { '^x': {} } }), 'v', 'patternProperties'],
    ['a boolean schema', one(true as unknown as Record<string, unknown>), 'v', 'boolean schema'],
    ['a deep $ref', one({ type: 'array', items: { type: 'object', properties: { a: { $ref: '#/x' } } } }), 'v.*.a', '$ref'],
  ];
  it.each(unsupported)('names %s with its field and leaves the field out', (_name, s, path, construct) => {
    const reading = readSubmissionSchema(s);
    expect(reading.unsupported).toEqual([expect.objectContaining({ path, construct })]);
    expect(pathsOf(reading.fields)).not.toContain(path);
    expect(describeUnsupported(reading.unsupported[0]!)).toMatch(new RegExp(`^Field "${path.replaceAll('.*', '\\[\\]').replaceAll('.', '\\.')}" .+\\.$`));
  });

  it('names a schema that is not an object schema, or uses an unread keyword at its top', () => {
    expect(readSubmissionSchema([]).unsupported.map(describeUnsupported)).toEqual(['The submission schema is not a JSON object.']);
    expect(readSubmissionSchema({ type: 'array' }).unsupported.map(describeUnsupported)).toEqual(['The submission schema has type "array", not "object".']);
    expect(readSubmissionSchema({ type: 'object', properties: {}, allOf: [] }).unsupported[0]).toMatchObject({ path: '', construct: 'allOf' });
  });

  it('keeps the fields it can read beside one it cannot', () => {
    const reading = readSubmissionSchema({ type: 'object', properties: { a: { type: 'string' }, b: { $ref: '#/x' }, c: { type: 'boolean' } } });
    expect(reading.fields.map((f) => f.key)).toEqual(['a', 'c']);
    expect(reading.unsupported).toHaveLength(1);
  });
});

describe('formDataValidator', () => {
  it('accepts valid data with and without optional fields', () => {
    expect(issuesOf(valid)).toEqual([]);
    expect(issuesOf({ ...valid, nights: 3, description: 'Taxi', contact: 'a@example.com', billable: false })).toEqual([]);
  });

  it('names a missing required field', () => {
    expect(issuesOf({ amount: 1, currency: 'EUR' })).toEqual([{ path: 'spent_on', message: 'required' }]);
    expect(issuesOf({ amount: 1, spent_on: '2024-01-01' })).toEqual([{ path: 'currency', message: 'required' }]);
  });

  it('rejects wrong types per field', () => {
    const issues = issuesOf({ amount: '12', currency: 1, spent_on: '2024-01-01', billable: 'yes', nights: 1.5 });
    expect(issues).toEqual([
      { path: 'amount', message: 'must be a number' },
      { path: 'nights', message: 'must be a whole number' },
      { path: 'currency', message: 'must be one of: EUR, USD' },
      { path: 'billable', message: 'must be true or false' },
    ]);
  });

  it('rejects null for an optional field, as JSON Schema types do', () => {
    expect(issuesOf({ ...valid, description: null }).map((i) => i.path)).toEqual(['description']);
  });

  it('enforces string lengths in code points', () => {
    expect(issuesOf({ ...valid, description: 'ab' })).toEqual([{ path: 'description', message: 'must be at least 3 characters' }]);
    expect(issuesOf({ ...valid, description: 'abc' })).toEqual([]);
    expect(issuesOf({ ...valid, description: 'abcdefghij' })).toEqual([]);
    expect(issuesOf({ ...valid, description: 'abcdefghijk' })).toEqual([{ path: 'description', message: 'must be at most 10 characters' }]);
    // six emoji are twelve UTF-16 units but six characters, within maxLength 10
    expect(issuesOf({ ...valid, description: '😀'.repeat(6) })).toEqual([]);
    expect(issuesOf({ ...valid, description: '😀'.repeat(11) })[0]).toMatchObject({ path: 'description' });
  });

  // Bounds ±1 (and ± a step), inclusive and exclusive.
  const bounds: [string, Record<string, unknown>, unknown[], unknown[]][] = [
    ['minimum', { type: 'integer', minimum: 5 }, [5, 6], [4]],
    ['maximum', { type: 'integer', maximum: 5 }, [4, 5], [6]],
    ['exclusiveMinimum', { type: 'integer', exclusiveMinimum: 5 }, [6], [5, 4]],
    ['exclusiveMaximum', { type: 'integer', exclusiveMaximum: 5 }, [4], [5, 6]],
    ['decimal bounds', { type: 'number', minimum: 0.01, maximum: 1000 }, [0.01, 1000], [0, 1000.01]],
    ['multipleOf', { type: 'number', multipleOf: 0.1 }, [0.3, 1.2, -0.7, 0], [0.25, 1.05]],
    ['integer multipleOf', { type: 'integer', multipleOf: 5 }, [10, 0], [11, 9]],
    ['pattern (unanchored)', { type: 'string', pattern: '[0-9]{3}' }, ['ab123', '999'], ['12', 'abc']],
    ['anchored pattern', { type: 'string', pattern: '^CC-[A-Z]{2}$' }, ['CC-AB'], ['CC-ABC', 'xCC-AB']],
    ['minItems', { type: 'array', items: { type: 'string' }, minItems: 2 }, [['a', 'b']], [['a']]],
    ['maxItems', { type: 'array', items: { type: 'string' }, maxItems: 2 }, [['a', 'b']], [['a', 'b', 'c']]],
    ['const', { const: 3 }, [3], [4, '3']],
    ['oneOf constants', { oneOf: [{ const: 'a' }, { const: 2 }] }, ['a', 2], ['2', 'b']],
    ['numeric enum', { type: 'number', enum: [1.5, 2] }, [1.5, 2], ['1.5', 3]],
    ['date-time', { type: 'string', format: 'date-time' }, ['2026-05-01T09:30:00Z', '2026-05-01T09:30:00.5+02:00', '2016-12-31T23:59:60Z'], ['2026-05-01T09:30Z', '2026-05-01 09:30:00Z', '2026-02-30T09:30:00Z', '2026-05-01T24:00:00Z', '2026-05-01T09:30:00']],
    ['uri', { type: 'string', format: 'uri' }, ['https://example.com/a?b', 'urn:isbn:0451450523', 'mailto:a@example.com'], ['example.com', '/relative', 'https://exa mple.com', '']],
    ['email', { type: 'string', format: 'email' }, ['a@example.com'], ['not-an-address']],
    ['date', { type: 'string', format: 'date' }, ['2024-02-29'], ['2023-02-29', '2024-13-01', '2024-1-5', '2024-01-01T00:00:00Z', '01/02/2024', '']],
  ];
  it.each(bounds)('%s: accepts what fits and refuses what does not', (_name, property, good, bad) => {
    for (const v of good) expect(issuesIn(one(property), { v }), JSON.stringify(v)).toEqual([]);
    for (const v of bad) expect(issuesIn(one(property), { v }), JSON.stringify(v)).toEqual([{ path: 'v', message: expect.stringMatching(/^must /) }]);
  });

  it('uniqueItems: names each repeat at its own entry, with the entry it repeats, whatever the order of keys', () => {
    const unique = one({ type: 'array', items: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } }, uniqueItems: true });
    expect(issuesIn(unique, { v: [{ a: 1, b: 2 }, { a: 2, b: 1 }] })).toEqual([]);
    expect(issuesIn(unique, { v: [{ a: 1, b: 2 }, { a: 2, b: 1 }, { b: 2, a: 1 }, { a: 2, b: 1 }] })).toEqual([
      { path: 'v.2', message: 'repeats entry 1: a list of unique entries' },
      { path: 'v.3', message: 'repeats entry 2: a list of unique entries' },
    ]);
  });

  it('checks nested objects and arrays, with the data path in each issue', () => {
    const nested = {
      type: 'object',
      properties: {
        applicant: { type: 'object', properties: { name: { type: 'string', minLength: 2 }, age: { type: 'integer' } }, required: ['name'] },
        items: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number', minimum: 1 } }, required: ['amount'] }, minItems: 1 },
        tags: { type: 'array', items: { type: 'string', maxLength: 3 } },
      },
      required: ['applicant', 'items'],
    };
    expect(issuesIn(nested, { applicant: { name: 'Ada' }, items: [{ amount: 2 }], tags: ['a'] })).toEqual([]);
    expect(issuesIn(nested, { applicant: { name: 'A', extra: 1 }, items: [{ amount: 2 }, {}, { amount: 0 }], tags: ['abcd'] })).toEqual([
      { path: 'applicant.name', message: 'must be at least 2 characters' },
      { path: 'applicant', message: expect.stringContaining('extra') },
      { path: 'items.1.amount', message: 'required' },
      { path: 'items.2.amount', message: 'must be at least 1' },
      { path: 'tags.0', message: 'must be at most 3 characters' },
    ]);
    expect(issuesIn(nested, { applicant: 'Ada', items: {} })).toEqual([
      { path: 'applicant', message: 'must be an object' },
      { path: 'items', message: 'must be a list' },
    ]);
    // A draft requires nothing, and holds fewer entries than a submission needs.
    expect(issuesIn(nested, { items: [] }, { partial: true })).toEqual([]);
    expect(issuesIn(nested, { items: [{}] }, { partial: true })).toEqual([]);
  });

  it('lets an object with additionalProperties true hold other keys', () => {
    const open = one({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true });
    expect(issuesIn(open, { v: { a: 'x', b: 1 } })).toEqual([]);
  });

  it('rejects unknown keys', () => {
    const result = formDataValidator(fieldsOf(schema)).safeParse({ ...valid, surprise: 1 });
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', path: [], keys: ['surprise'] })]);
  });

  it('takes a document field in form_data absent or equal to the id attached in documents, never another', () => {
    expect(issuesOf({ ...valid, receipt: 'doc_1' }, { documents: { receipt: 'doc_1' } })).toEqual([]);
    expect(issuesOf(valid, { documents: { receipt: 'doc_1' } })).toEqual([]);
    expect(issuesOf({ ...valid, receipt: 'doc_2' }, { documents: { receipt: 'doc_1' } })).toEqual([
      { path: 'receipt', message: 'must be "doc_1", the document attached to this field in documents' },
    ]);
    expect(issuesOf({ ...valid, annex: 'doc_2' }, { documents: {} })).toEqual([{ path: 'annex', message: 'names a document, but documents attaches none to this field' }]);
    expect(missingDocumentFields(fieldsOf(schema), ['annex'])).toEqual(['receipt']);
    // Documents not known (a revision that keeps the request's own): any id is taken.
    expect(issuesOf({ ...valid, receipt: 'doc_9' })).toEqual([]);
  });

  it('partial mode checks types but requires nothing', () => {
    expect(issuesOf({}, { partial: true })).toEqual([]);
    expect(issuesOf({ amount: 'x' }, { partial: true }).map((i) => i.path)).toEqual(['amount']);
    expect(issuesOf({ bogus: 1 }, { partial: true }).map((i) => i.path)).toEqual(['']);
  });

  it('rejects non-objects', () => {
    expect(formDataValidator(fieldsOf(schema)).safeParse([valid]).success).toBe(false);
    expect(formDataValidator(fieldsOf(schema)).safeParse(null).success).toBe(false);
  });
});

describe('formats', () => {
  it('knows real dates, date-times and absolute URIs', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isDateTime('2026-01-31T23:59:59-05:00')).toBe(true);
    expect(isDateTime('2026-01-31T23:59:59+24:00')).toBe(false);
    expect(isAbsoluteUri('ftp://files.example.com/x')).toBe(true);
    expect(isAbsoluteUri('//example.com')).toBe(false);
  });
});
