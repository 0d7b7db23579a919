import { describe, expect, it } from 'vitest';
import {
  fieldsOf,
  formDataValidator,
  isCalendarDate,
  missingDocumentFields,
  submissionSchemaSchema,
  type SubmissionSchemaDocument,
} from './submission-schema.ts';

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
} satisfies SubmissionSchemaDocument & Record<string, unknown>;

const valid = { amount: 12.5, currency: 'EUR', spent_on: '2024-02-29' };

const issuesOf = (input: unknown, opts?: Parameters<typeof formDataValidator>[1]) => {
  const result = formDataValidator(schema, opts).safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code }));
};

describe('submissionSchemaSchema', () => {
  it('accepts the schema and keeps unknown keywords', () => {
    const parsed = submissionSchemaSchema.parse({ ...schema, $id: 'x', properties: { ...schema.properties, n: { type: 'number', title: 'N', multipleOf: 2 } } });
    expect(parsed.$id).toBe('x');
    expect(parsed.properties.n).toMatchObject({ multipleOf: 2 });
  });

  it('rejects a document that is not an object schema or has an unsupported property type', () => {
    expect(submissionSchemaSchema.safeParse({ ...schema, type: 'array' }).success).toBe(false);
    expect(submissionSchemaSchema.safeParse({ ...schema, properties: { a: { type: 'array' } } }).success).toBe(false);
    expect(submissionSchemaSchema.safeParse({ ...schema, properties: { a: { type: 'string', enum: [] } } }).success).toBe(false);
  });
});

describe('fieldsOf', () => {
  it('lists fields in schema order with kind, requiredness, options and bounds', () => {
    const fields = fieldsOf(schema);
    expect(fields.map((f) => [f.key, f.kind, f.required])).toEqual([
      ['amount', 'number', true],
      ['nights', 'integer', false],
      ['currency', 'enum', true],
      ['description', 'text', false],
      ['spent_on', 'date', true],
      ['contact', 'email', false],
      ['billable', 'boolean', false],
      ['receipt', 'document', true],
      ['annex', 'document', false],
    ]);
    expect(fields[0]).toMatchObject({ title: 'Amount', min: 0.01, max: 1000 });
    expect(fields[2]!.options).toEqual(['EUR', 'USD']);
    expect(fields[3]).toMatchObject({ description: 'What for', minLength: 3, maxLength: 10 });
  });

  it('falls back to the key when a field has no title', () => {
    expect(fieldsOf({ properties: { plain: { type: 'string' } } })[0]).toMatchObject({ key: 'plain', title: 'plain', kind: 'text', required: false });
  });

  it('treats an unknown format as text', () => {
    expect(fieldsOf({ properties: { site: { type: 'string', format: 'uri' } } })[0]!.kind).toBe('text');
  });
});

describe('formDataValidator', () => {
  it('accepts valid data with and without optional fields', () => {
    expect(issuesOf(valid)).toEqual([]);
    expect(issuesOf({ ...valid, nights: 3, description: 'Taxi', contact: 'a@example.com', billable: false })).toEqual([]);
  });

  it('names a missing required field', () => {
    expect(issuesOf({ amount: 1, currency: 'EUR' })).toEqual([{ path: 'spent_on', message: 'required', code: 'invalid_type' }]);
  });

  it('rejects wrong types per field', () => {
    const issues = issuesOf({ amount: '12', currency: 1, spent_on: '2024-01-01', billable: 'yes', nights: 1.5 });
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ['amount', 'must be a number'],
      ['nights', 'must be a whole number'],
      ['currency', 'must be a string'],
      ['billable', 'must be true or false'],
    ]);
  });

  it('rejects null for an optional field, as JSON Schema types do', () => {
    expect(issuesOf({ ...valid, description: null }).map((i) => i.path)).toEqual(['description']);
  });

  it('rejects a value outside the enum', () => {
    expect(issuesOf({ ...valid, currency: 'JPY' })).toEqual([{ path: 'currency', message: 'must be one of: EUR, USD', code: 'custom' }]);
  });

  it('enforces numeric bounds and string lengths (in code points)', () => {
    expect(issuesOf({ ...valid, amount: 0 })[0]).toMatchObject({ path: 'amount', message: 'must be at least 0.01' });
    expect(issuesOf({ ...valid, amount: 1000.01 })[0]).toMatchObject({ path: 'amount', message: 'must be at most 1000' });
    expect(issuesOf({ ...valid, nights: 31 })[0]).toMatchObject({ path: 'nights' });
    expect(issuesOf({ ...valid, description: 'ab' })[0]).toMatchObject({ path: 'description', message: 'must be at least 3 characters' });
    expect(issuesOf({ ...valid, description: 'abcdefghijk' })[0]).toMatchObject({ path: 'description', message: 'must be at most 10 characters' });
    // six emoji are twelve UTF-16 units but six characters, within maxLength 10
    expect(issuesOf({ ...valid, description: '😀'.repeat(6) })).toEqual([]);
    expect(issuesOf({ ...valid, description: '😀'.repeat(11) })[0]).toMatchObject({ path: 'description' });
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-5', '2024-01-01T00:00:00Z', '01/02/2024', '']) {
      expect(issuesOf({ ...valid, spent_on: bad }), bad).toEqual([{ path: 'spent_on', message: 'must be a real date in the form YYYY-MM-DD', code: 'custom' }]);
    }
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2100-02-29')).toBe(false);
  });

  it('checks e-mail addresses', () => {
    expect(issuesOf({ ...valid, contact: 'not-an-address' })[0]).toMatchObject({ path: 'contact', message: 'must be an e-mail address' });
  });

  it('rejects unknown keys and document keys (documents travel separately)', () => {
    const result = formDataValidator(schema).safeParse({ ...valid, surprise: 1, receipt: 'doc_1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', path: [], keys: ['surprise', 'receipt'] })]);
  });

  it('partial mode checks types but requires nothing', () => {
    expect(issuesOf({}, { partial: true })).toEqual([]);
    expect(issuesOf({ amount: 'x' }, { partial: true }).map((i) => i.path)).toEqual(['amount']);
    expect(issuesOf({ bogus: 1 }, { partial: true }).map((i) => i.code)).toEqual(['unrecognized_keys']);
  });

  it('with documentKeysProvided reports uncovered required document fields, alongside other issues', () => {
    expect(issuesOf(valid, { documentKeysProvided: ['receipt'] })).toEqual([]);
    expect(issuesOf(valid, { documentKeysProvided: [] })).toEqual([{ path: 'receipt', message: 'required document is missing', code: 'custom' }]);
    expect(issuesOf({ ...valid, amount: -1 }, { documentKeysProvided: ['annex'] }).map((i) => i.path)).toEqual(['amount', 'receipt']);
    // a type error aborts the object's own checks unless the document check opts out
    expect(issuesOf({ ...valid, amount: 'x', extra: 1 }, { documentKeysProvided: [] }).map((i) => i.path)).toEqual(['amount', '', 'receipt']);
    expect(missingDocumentFields(schema, ['annex'])).toEqual(['receipt']);
  });

  it('rejects non-objects', () => {
    expect(formDataValidator(schema).safeParse([valid]).success).toBe(false);
    expect(formDataValidator(schema).safeParse(null).success).toBe(false);
  });
});
