import { describe, expect, it } from 'vitest';
import { statusLabel, statusOptions, statusOptionsWithSeen, statusWords } from './status-labels.ts';

describe('status labels', () => {
  it('says each family’s codes in words', () => {
    expect(statusLabel('request', 'IN_PROGRESS')).toBe('In progress');
    expect(statusLabel('request', 'NEEDS_REVISION')).toBe('Needs revision');
    expect(statusLabel('decision', 'REVISION_REQUESTED')).toBe('Revision requested');
    expect(statusLabel('package', 'queued')).toBe('Queued');
    expect(statusLabel('signer', 'signed')).toBe('Signed');
    expect(statusLabel('layout', 'none')).toBe('No layout yet');
    expect(statusLabel('catalog', 'archived')).toBe('Archived');
  });

  it('says an unlisted code in words too, never as the raw code', () => {
    expect(statusLabel('request', 'ON_HOLD')).toBe('On hold');
    expect(statusLabel('package', 'partially-signed')).toBe('Partially signed');
  });

  it('lower-cases the label inside a sentence and builds filter options', () => {
    expect(statusWords('request', 'IN_PROGRESS')).toBe('in progress');
    expect(statusOptions('request', ['DRAFT', 'APPROVED'])).toEqual([
      { value: 'DRAFT', label: 'Draft' },
      { value: 'APPROVED', label: 'Approved' },
    ]);
  });
});

describe('status options from the named codes and the codes seen', () => {
  const named = ['DRAFT', 'IN_PROGRESS', 'NEEDS_REVISION'];

  it('offers the named codes alone, in their order, while nothing else was seen', () => {
    expect(statusOptionsWithSeen('request', named, []).map((o) => o.value)).toEqual(named);
  });

  it('adds each other code seen once, after the named ones, ordered by label', () => {
    const options = statusOptionsWithSeen('request', named, [
      'REJECTED',
      'IN_PROGRESS',
      'ON_HOLD',
      'APPROVED',
      'REJECTED',
      'DRAFT',
    ]);
    expect(options).toEqual([
      { value: 'DRAFT', label: 'Draft' },
      { value: 'IN_PROGRESS', label: 'In progress' },
      { value: 'NEEDS_REVISION', label: 'Needs revision' },
      { value: 'APPROVED', label: 'Approved' },
      { value: 'ON_HOLD', label: 'On hold' },
      { value: 'REJECTED', label: 'Rejected' },
    ]);
  });

  it('ignores empty codes', () => {
    expect(statusOptionsWithSeen('request', named, ['', 'ESCALATED']).map((o) => o.value)).toEqual([...named, 'ESCALATED']);
  });
});
