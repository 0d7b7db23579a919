import { describe, expect, it } from 'vitest';
import { offeredOptions, pickerOptions, searchStatus, searchTerm } from './picker-options.ts';

const attached = [{ field_key: 'receipt', document_id: 'doc_a', name: 'scan.pdf' }];
const saved = [{ field_key: 'receipt', document_id: 'doc_b', name: 'better-scan.pdf' }];

describe('offeredOptions', () => {
  it('offers the attached and the draft’s document with their names, as today', () => {
    expect(offeredOptions('receipt', { attached, saved })).toEqual([
      { id: 'doc_a', name: 'scan.pdf', label: 'scan.pdf — currently attached (doc_a)' },
      { id: 'doc_b', name: 'better-scan.pdf', label: 'better-scan.pdf — saved in your draft (doc_b)' },
    ]);
    expect(offeredOptions('other', { attached, saved })).toEqual([]);
  });
});

describe('pickerOptions', () => {
  const offered = offeredOptions('receipt', { attached, saved });
  const results = [
    { id: 'doc_c', name: 'other.pdf' },
    { id: 'doc_a', name: 'scan.pdf' },
  ];

  it('lists the offered documents first, then each search result once', () => {
    expect(pickerOptions({ offered, results, query: '' }).map((o) => o.label)).toEqual([
      'scan.pdf — currently attached (doc_a)',
      'better-scan.pdf — saved in your draft (doc_b)',
      'other.pdf (doc_c)',
    ]);
  });

  it('keeps only the offered documents whose name or id matches the search', () => {
    expect(pickerOptions({ offered, results: [], query: 'BETTER' }).map((o) => o.id)).toEqual(['doc_b']);
    expect(pickerOptions({ offered, results: [], query: 'doc_a' }).map((o) => o.id)).toEqual(['doc_a']);
  });
});

describe('searchTerm', () => {
  it('trims the search and keeps it within the 100 characters the API takes', () => {
    expect(searchTerm('  lunch ')).toBe('lunch');
    expect(searchTerm('x'.repeat(150))).toHaveLength(100);
  });
});

describe('searchStatus', () => {
  const base = { pending: false, shown: 0, query: '' };
  it('announces searching, failures, nothing found and how many are shown of how many', () => {
    expect(searchStatus({ ...base, pending: true })).toBe('Searching documents…');
    expect(searchStatus({ ...base, error: 'Busy.' })).toBe('The documents could not be searched: Busy.');
    expect(searchStatus({ ...base, query: 'x' })).toBe('No documents match “x”.');
    expect(searchStatus(base)).toBe('No documents yet: upload a PDF.');
    expect(searchStatus({ ...base, shown: 25, total: 26, query: 'hay' })).toBe(
      '25 shown of 26 documents matching “hay”. Use the arrow keys to choose.',
    );
    expect(searchStatus({ ...base, shown: 1, total: 1 })).toBe('1 shown of 1 document. Use the arrow keys to choose.');
  });
});
