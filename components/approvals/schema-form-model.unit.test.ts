import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldDescriptor } from '@/lib/submission-schema';
import { currencyOf, displayValue, requestFieldOf } from './schema-form-model.ts';

const fields: FieldDescriptor[] = [
  { key: 'amount', title: 'Amount', kind: 'number', required: true },
  { key: 'contract', title: 'Contract', kind: 'document', required: false },
];

describe('requestFieldOf', () => {
  it('names the form’s field for form data, documents by index or field key, and the external id', () => {
    const fieldOf = requestFieldOf(fields, [{ field_key: 'contract', document_id: 'doc_1', name: 'c.pdf' }]);
    const at = (path: string, extra: Record<string, unknown> = {}) => fieldOf({ path, message: 'x', ...extra });
    expect(at('form_data.amount')).toBe('form_data.amount');
    expect(at('documents.0.document_id')).toBe('documents.contract');
    expect(at('documents', { field_key: 'contract' })).toBe('documents.contract');
    expect(at('external_id')).toBe('external_id');
  });

  it('names no field for keys the schema lacks or documents that were not sent', () => {
    const fieldOf = requestFieldOf(fields, []);
    expect(fieldOf({ path: 'form_data.unknown', message: 'x' })).toBeUndefined();
    expect(fieldOf({ path: 'documents.3', message: 'x' })).toBeUndefined();
    expect(fieldOf({ path: 'workflow_id', message: 'x' })).toBeUndefined();
  });
});

describe('displayValue', () => {
  const currency: FieldDescriptor = { key: 'currency', title: 'Currency', kind: 'enum', required: true, options: ['EUR', 'USD'] };
  const days: FieldDescriptor = { key: 'days', title: 'Days', kind: 'integer', required: true };
  const first: FieldDescriptor = { key: 'first_day', title: 'First day', kind: 'date', required: true };
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
