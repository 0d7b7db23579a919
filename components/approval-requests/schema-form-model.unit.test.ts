import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldsOf, type FieldDescriptor } from '@/lib/submission-schema';
import {
  currencyOf,
  displayValue,
  requestFieldOf,
  requestFormSchema,
  valuesFrom,
  type RequestFormValues,
} from './schema-form-model.ts';
import { dataFrom, fromFormValue, newRow, toFormValue } from './schema-form-values.ts';

const fields: FieldDescriptor[] = [
  { key: 'amount', path: 'amount', title: 'Amount', kind: 'number', required: true },
  { key: 'contract', path: 'contract', title: 'Contract', kind: 'document', required: false },
];

describe('requestFieldOf', () => {
  it('names the form’s field for form data, documents by index or field key, and the external id', () => {
    const fieldOf = requestFieldOf(fields, [{ field_key: 'contract', document_id: 'doc_1', name: 'c.pdf' }]);
    const at = (path: string, extra: Record<string, unknown> = {}) => fieldOf({ path, message: 'x', ...extra });
    expect(at('form_data.amount')).toBe('form_data.amount');
    expect(at('documents.0.document_id')).toBe('documents.contract');
    expect(at('documents', { field_key: 'contract' })).toBe('documents.contract');
    expect(at('external_id')).toBe('external_id');
    expect(at('form_data.amount.0.value')).toBe('form_data.amount.0.value');
    expect(at('form_data.contract')).toBe('documents.contract');
    expect(at('documents.0.name')).toBe('documentNames.contract');
    expect(at('documents.0.sign_actor_ids')).toBe('signers.contract');
    expect(at('documents.0.sign_actor_ids.1')).toBe('signers.contract');
  });

  it('names no field for keys the schema lacks or documents that were not sent', () => {
    const fieldOf = requestFieldOf(fields, []);
    expect(fieldOf({ path: 'form_data.unknown', message: 'x' })).toBeUndefined();
    expect(fieldOf({ path: 'documents.3', message: 'x' })).toBeUndefined();
    expect(fieldOf({ path: 'workflow_id', message: 'x' })).toBeUndefined();
  });
});

describe('displayValue', () => {
  const options = [
    { value: 'EUR', label: 'EUR' },
    { value: 'USD', label: 'USD' },
  ];
  const currency: FieldDescriptor = {
    key: 'currency',
    path: 'currency',
    title: 'Currency',
    kind: 'choice',
    required: true,
    options,
  };
  const days: FieldDescriptor = { key: 'days', path: 'days', title: 'Days', kind: 'integer', required: true };
  const first: FieldDescriptor = { key: 'first_day', path: 'first_day', title: 'First day', kind: 'date', required: true };
  afterEach(() => vi.unstubAllGlobals());

  it('writes amounts in the form’s currency, numbers and dates in the reader’s locale', () => {
    vi.stubGlobal('navigator', { languages: ['de-DE'] });
    const money = currencyOf([fields[0]!, currency], { amount: 1234.5, currency: 'EUR' });
    expect(money).toBe('EUR');
    expect(displayValue(fields[0], 1234.5, money)).toBe('1.234,50\u00a0€');
    expect(displayValue(fields[0], 1234.5)).toBe('1.234,5');
    expect(displayValue(days, 12000)).toBe('12.000');
    expect(displayValue(first, '2030-07-01')).toBe('1. Juli 2030');
  });

  it('finds no currency where the schema names none or the answer is not a code', () => {
    expect(currencyOf(fields, { amount: 3 })).toBeUndefined();
    expect(currencyOf([currency], { currency: 'euro' })).toBeUndefined();
  });
});

// A schema with every kind a form holds, as release 3 of the contract review has them.
const rich = fieldsOf({
  type: 'object',
  properties: {
    ref: { type: 'string', pattern: '^CTR-' },
    party: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        country: { type: 'string', enum: ['DE', 'FR'] },
        size: { type: 'integer', enum: [10, 50] },
      },
      required: ['name'],
    },
    level: {
      oneOf: [
        { const: 'l', title: 'Low' },
        { const: 'h', title: 'High' },
      ],
      default: 'h',
    },
    notice: { type: 'integer', default: 30 },
    renew: { type: 'boolean', default: false },
    review_by: { type: 'string', format: 'date-time' },
    emails: { type: 'array', items: { type: 'string', format: 'email' }, minItems: 1 },
    milestones: {
      type: 'array',
      items: { type: 'object', properties: { label: { type: 'string' }, amount: { type: 'number' } }, required: ['label'] },
    },
    version: { const: 'v3' },
    contract: { type: 'string', format: 'document' },
  },
  required: ['ref', 'party', 'level', 'emails', 'contract'],
});
const byKey = (key: string) => rich.find((f) => f.key === key)!;

describe('form values', () => {
  it('start a new form from the schema’s defaults, with the rows a list needs', () => {
    const values = valuesFrom(rich, undefined);
    expect(values.form_data).toEqual({
      ref: '',
      party: { name: '', country: '', size: '' },
      level: 'h',
      notice: 30,
      renew: false,
      review_by: '',
      emails: [{ value: '' }],
      milestones: [],
      version: undefined,
    });
    expect(values.documents).toEqual({ contract: '' });
    expect(newRow(byKey('milestones'))).toEqual({ label: '', amount: undefined });
  });

  it('go to data and back: choices by value, lists of values as rows, constants as fixed, documents by id', () => {
    const data = {
      ref: 'CTR-1',
      party: { name: 'Acme', country: 'FR', size: 50 },
      level: 'l',
      notice: 45,
      renew: true,
      review_by: '2026-05-01T09:30:00Z',
      emails: ['a@example.com', 'b@example.com'],
      milestones: [{ label: 'Kick-off', amount: 100 }],
    };
    const values = valuesFrom(rich, data, [{ document_id: 'doc_1', field_key: 'contract', name: 'c.pdf' }]);
    expect(values.form_data.party).toEqual({ name: 'Acme', country: 'FR', size: '50' });
    expect(values.form_data.emails).toEqual([{ value: 'a@example.com' }, { value: 'b@example.com' }]);
    expect(dataFrom(rich, values.form_data, values.documents)).toEqual({ ...data, version: 'v3', contract: 'doc_1' });
  });

  it('leave out what is empty, keep an empty row for the check to name, and trim typed strings but not text', () => {
    expect(fromFormValue(byKey('party'), { name: '', country: '', size: '' })).toEqual({});
    expect(fromFormValue(byKey('emails'), [{ value: ' a@example.com ' }, { value: '' }])).toEqual(['a@example.com', undefined]);
    expect(fromFormValue(byKey('milestones'), [])).toBeUndefined();
    expect(fromFormValue(byKey('ref'), ' CTR-1 ')).toBe(' CTR-1 ');
    expect(toFormValue(byKey('level'), 'gone', false)).toBe('');
  });
});

describe('requestFormSchema', () => {
  const check = (values: RequestFormValues, intent: 'draft' | 'submit' | 'revision-draft' = 'submit') => {
    const result = requestFormSchema(rich, intent, false).safeParse(values);
    return result.success
      ? { data: result.data }
      : { issues: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  };

  it('names each problem at the data path its control shows it at', () => {
    const values = valuesFrom(rich, undefined);
    values.form_data.milestones = [{ label: '', amount: 5 }];
    expect(check(values).issues).toEqual([
      'form_data.ref: required',
      'form_data.party.name: required',
      // A plain entry's control is its `.value`: the message goes once that control is filled in.
      'form_data.emails.0.value: required',
      'form_data.milestones.0.label: required',
      'documents.contract: Choose a document',
    ]);
  });

  it('answers the content to send: form_data by the schema, with the document id repeated', () => {
    const values = valuesFrom(rich, { ref: 'CTR-9', party: { name: 'Acme' }, level: 'h', emails: ['a@example.com'] });
    values.documents.contract = 'doc_7';
    values.documentNames.contract = ' Signed contract ';
    const data = check(values).data!;
    // A value a stored request left out stays out (no default is filled into an existing request).
    expect(data.form_data).toEqual({
      ref: 'CTR-9',
      party: { name: 'Acme' },
      level: 'h',
      renew: false,
      emails: ['a@example.com'],
      version: 'v3',
      contract: 'doc_7',
    });
    expect(data.documents).toEqual({ contract: 'doc_7' });
  });

  it('names a chosen document’s missing name, and its actor IDs only where the workflow accepts them', () => {
    const values = valuesFrom(rich, { ref: 'CTR-9', party: { name: 'Acme' }, level: 'h', emails: ['a@example.com'] });
    values.documents.contract = 'doc_7';
    values.signers.contract = 'act 1';
    expect(check(values).issues).toEqual(['documentNames.contract: Give the document a name']);
    values.documentNames.contract = 'c.pdf';
    const signing = requestFormSchema(rich, 'submit', false, { signing: true }).safeParse(values);
    expect(signing.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'signers.contract: “act 1” has a space: put each actor ID on its own line or separate them with commas',
    ]);
  });

  it('lets a revision draft hold less, but never a wrong type or an unmatched pattern', () => {
    const values = valuesFrom(rich, { ref: 'XYZ' });
    expect(check(values, 'revision-draft').issues).toEqual([
      'form_data.ref: must have the expected form (the exact rule is the pattern ^CTR-)',
    ]);
  });
});
