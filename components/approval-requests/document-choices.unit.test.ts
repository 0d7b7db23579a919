import { describe, expect, it } from 'vitest';
import { attachmentNote, documentChoices, documentNames } from './document-choices.ts';

const attached = [{ field_key: 'receipt', document_id: 'doc_a', name: 'scan.pdf' }];
const saved = [{ field_key: 'receipt', document_id: 'doc_b', name: 'better-scan.pdf' }];
const uploaded = [
  { id: 'doc_c', name: 'other.pdf' },
  { id: 'doc_b', name: 'better-scan.pdf' },
];

describe('documentChoices', () => {
  it('offers the attached document, named as such, even when the uploads list does not hold it', () => {
    expect(documentChoices('receipt', { attached, uploaded: [] })).toEqual([
      { id: 'doc_a', label: 'scan.pdf — currently attached (doc_a)' },
    ]);
    // Before the uploads have loaded as well.
    expect(documentChoices('receipt', { attached })).toEqual([{ id: 'doc_a', label: 'scan.pdf — currently attached (doc_a)' }]);
  });

  it('lists the attached one first, then the draft’s, then each upload once', () => {
    expect(documentChoices('receipt', { attached, saved, uploaded })).toEqual([
      { id: 'doc_a', label: 'scan.pdf — currently attached (doc_a)' },
      { id: 'doc_b', label: 'better-scan.pdf — saved in your draft (doc_b)' },
      { id: 'doc_c', label: 'other.pdf (doc_c)' },
    ]);
  });

  it('names a draft that keeps the attached document only as attached', () => {
    expect(documentChoices('receipt', { attached, saved: attached, uploaded: [] })).toEqual([
      { id: 'doc_a', label: 'scan.pdf — currently attached (doc_a)' },
    ]);
  });

  it('takes only the field’s own documents, and plain uploads for a new request', () => {
    expect(documentChoices('contract', { attached, saved, uploaded })).toEqual([
      { id: 'doc_c', label: 'other.pdf (doc_c)' },
      { id: 'doc_b', label: 'better-scan.pdf (doc_b)' },
    ]);
  });
});

describe('attachmentNote', () => {
  it('says whether the value keeps, replaces or removes the attached document', () => {
    expect(attachmentNote('receipt', 'doc_a', attached)).toBe(
      'Currently attached: scan.pdf. Keep it, or choose another document to replace it.',
    );
    expect(attachmentNote('receipt', 'doc_c', attached)).toBe('Replaces scan.pdf, which is attached now.');
    expect(attachmentNote('receipt', '', attached)).toBe('Removes scan.pdf, which is attached now.');
  });

  it('says nothing where nothing is attached', () => {
    expect(attachmentNote('receipt', 'doc_c', [])).toBeUndefined();
    expect(attachmentNote('receipt', 'doc_c', undefined)).toBeUndefined();
  });
});

describe('documentNames', () => {
  it('names documents the uploads list lacks, the request’s own names first', () => {
    const names = documentNames({ attached, saved, uploaded: [{ id: 'doc_a', name: 'renamed.pdf' }, ...uploaded] });
    expect(names.get('doc_a')).toBe('scan.pdf');
    expect(names.get('doc_b')).toBe('better-scan.pdf');
    expect(names.get('doc_c')).toBe('other.pdf');
  });
});
