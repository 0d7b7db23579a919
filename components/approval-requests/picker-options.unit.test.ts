import { describe, expect, it } from 'vitest';
import { hiddenDocuments, offeredOptions, pickerOptions, searchStatus, searchTerm } from './picker-options.ts';

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

describe('pickerOptions, three documents of one name', () => {
  const receipt = (id: string, more: Record<string, unknown>) => ({
    id,
    name: 'receipt.pdf',
    logical_purpose: 'ATTACHMENT',
    size_bytes: 48_000,
    page_count: 1,
    created_at: '2026-11-20T09:15:00Z',
    protected: false,
    references: [],
    ...more,
  });
  const results = [
    receipt('doc_1', {}),
    receipt('doc_2', { size_bytes: 1_250_000, page_count: 3, created_at: '2026-11-24T16:40:00Z' }),
    receipt('doc_3', {
      protected: true,
      protection_reason: 'Evidence of approval request ar_9',
      references: [{ kind: 'approval_request', id: 'ar_9', field_key: 'receipt' }],
    }),
    receipt('doc_4', { logical_purpose: 'SIGNATURE_TARGET' }),
    receipt('doc_5', { references: [{ kind: 'approval_request', id: 'ar_7' }] }),
  ];

  it('lists only what may be attached: attachments that are no other request’s or package’s evidence', () => {
    const options = pickerOptions({ offered: [], results, query: 'receipt' });
    expect(options.map((o) => o.id)).toEqual(['doc_1', 'doc_2', 'doc_5']);
  });

  it('tells the ones it lists apart by upload time, size, pages and where they are used', () => {
    const [one, two, five] = pickerOptions({ offered: [], results, query: 'receipt' });
    expect(one!.detail).toMatch(/^Uploaded .*2026.* · 46\.9 KB · 1 page · not used yet$/);
    expect(two!.detail).toMatch(/^Uploaded .*2026.* · 1\.2 MB · 3 pages · not used yet$/);
    expect(one!.detail).not.toBe(two!.detail);
    expect(five!.detail).toMatch(/in use by approval request ar_7$/);
  });

  it('says how many documents it left out, and why', () => {
    expect(hiddenDocuments(results)).toBe(
      '2 documents found are left out: evidence of another request or package, or not uploaded as an attachment.',
    );
    expect(hiddenDocuments(results.slice(0, 2))).toBe('');
  });

  it('still lists the request’s own document, which is its evidence', () => {
    const own = [{ id: 'doc_3', name: 'receipt.pdf', label: 'receipt.pdf — currently attached (doc_3)' }];
    expect(pickerOptions({ offered: own, results, query: '' }).map((o) => o.id)).toEqual(['doc_3', 'doc_1', 'doc_2', 'doc_5']);
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
