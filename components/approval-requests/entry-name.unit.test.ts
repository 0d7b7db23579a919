import { describe, expect, it } from 'vitest';
import type { FieldDescriptor } from '@/lib/submission-schema/fields';
import { entryName } from './entry-name.ts';

// Issue 35: "array entries are called 'Signatories 1'": an entry is named in the singular.
const list = (title: string, itemTitle?: string): FieldDescriptor => ({
  key: 'k',
  path: 'k',
  title,
  kind: 'array',
  required: false,
  // The reader titles an untitled item with its array's key.
  item: { key: 'k', path: 'k.*', title: itemTitle ?? 'k', kind: 'text', required: true },
});

describe('the name of one entry of a list', () => {
  it("is the schema's items.title when it has one", () => {
    expect(entryName(list('Signatories', 'Signatory e-mail'))).toBe('Signatory e-mail');
    expect(entryName(list('Payment milestones', 'Milestone'))).toBe('Milestone');
  });

  it("else the list's title in the singular", () => {
    expect(entryName(list('Signatories'))).toBe('Signatory');
    expect(entryName(list('Payment milestones'))).toBe('Payment milestone');
    expect(entryName(list('Addresses'))).toBe('Address');
    expect(entryName(list('Tags'))).toBe('Tag');
    expect(entryName(list('Business'))).toBe('Business entry');
    expect(entryName(list('Equipment'))).toBe('Equipment entry');
  });
});
