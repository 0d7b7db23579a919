import { describe, expect, it } from 'vitest';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { describeContents, describeSlots, recipientKind, unavailableReason } from './template-facts.ts';

const template = (patch: Partial<SignTemplate> = {}): SignTemplate => ({
  id: 'dst_nda',
  name: 'Mutual non-disclosure agreement',
  description: '',
  versions: [],
  slots: [],
  sender_fields: [],
  ...patch,
});
const slot = (label: string, recipient_kind?: string) => ({ slot_id: label.toLowerCase(), label, recipient_kind });

describe('unavailableReason', () => {
  it('lets enabled, active templates (and ones that do not say) be chosen', () => {
    expect(unavailableReason(template({ api_enabled: true, status: 'active' }))).toBeNull();
    expect(unavailableReason(template())).toBeNull();
  });

  it('says why a template not enabled for the API, or archived, cannot be chosen', () => {
    expect(unavailableReason(template({ api_enabled: false }))).toMatch(/^Not enabled for API use/);
    expect(unavailableReason(template({ status: 'archived' }))).toMatch(/^Archived/);
  });
});

describe('describeSlots', () => {
  it('names every slot and says a shared recipient kind once', () => {
    expect(describeSlots([slot('Company signatory', 'external'), slot('Counterparty signatory', 'external')])).toBe(
      '2 external signers: Company signatory, Counterparty signatory',
    );
    expect(describeSlots([slot('Candidate', 'external')])).toBe('1 external signer: Candidate');
  });

  it('gives each slot its own kind when they differ, and says when the API did not state one', () => {
    expect(describeSlots([slot('Client', 'external'), slot('Reviewer', 'internal_member'), slot('Witness')])).toBe(
      '3 signers: Client (external), Reviewer (internal member), Witness (kind not stated)',
    );
  });

  it('leaves the kind out when no slot states one, and says when there is no slot', () => {
    expect(describeSlots([slot('Employee'), slot('Manager')])).toBe('2 signers: Employee, Manager');
    expect(describeSlots([])).toBe('No signer slots');
  });
});

describe('recipientKind and describeContents', () => {
  it('shows kinds as words', () => {
    expect(recipientKind('external')).toBe('external');
    expect(recipientKind('INTERNAL_MEMBER')).toBe('internal member');
    expect(recipientKind(' ')).toBeNull();
    expect(recipientKind(undefined)).toBeNull();
  });

  it('counts the values to fill and the pages', () => {
    const field = { key: 'k', label: 'K', type: 'text', required: true };
    expect(describeContents(template({ sender_fields: [field, field, field], page_count: 3 }))).toBe('3 values · 3 pages');
    expect(describeContents(template({ sender_fields: [field], page_count: 1 }))).toBe('1 value · 1 page');
    expect(describeContents(template())).toBe('0 values');
  });
});
