import { describe, expect, it } from 'vitest';
import type { FieldDescriptor } from '@/lib/submission-schema';
import { requestFieldOf } from './schema-form-model.ts';

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
