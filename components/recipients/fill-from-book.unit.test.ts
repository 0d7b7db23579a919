import { describe, expect, it } from 'vitest';
import type { Recipient } from '@/lib/recipients/schemas';
import { fillFromBook, matchRecipient } from './fill-from-book.ts';

const entry = (id: string, name: string, email: string, phone: string | null): Recipient => ({
  id,
  name,
  email,
  phone,
  source: 'sent',
  use_count: 1,
  last_used_at: '2026-11-01T10:00:00.000Z',
  added_by: 'Demo sender',
  version: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});
const ada = entry('rcp_1', 'Ada Lovelace', 'Ada@Example.com', '+4915112345678');
const adaKing = entry('rcp_2', 'Ada King', 'ada.king@example.com', null);
const otherAda = entry('rcp_3', 'Ada King', 'countess@example.com', '+442071234567');

describe('a signer from the recipient book', () => {
  it('is the entry with the typed address in any case; an address not in the book is no one, whatever the name', () => {
    expect(matchRecipient([adaKing, ada], { name: '', email: ' ada@example.COM ' })).toBe(ada);
    expect(matchRecipient([ada], { name: 'Ada Lovelace', email: 'ada@example.org' })).toBeNull();
  });

  it('with no address typed, is the only entry of the typed name; two of that name are no match', () => {
    expect(matchRecipient([ada, adaKing], { name: 'ada lovelace', email: '' })).toBe(ada);
    expect(matchRecipient([ada, adaKing, otherAda], { name: 'Ada King', email: '' })).toBeNull();
    expect(matchRecipient([ada], { name: ' ', email: '' })).toBeNull();
  });

  it('fills only the fields still empty, and no phone the book does not have', () => {
    expect(fillFromBook({ name: '', email: 'ada@example.com', phone: '' }, ada)).toEqual({
      name: 'Ada Lovelace',
      phone: '+4915112345678',
    });
    expect(fillFromBook({ name: 'Ada Lovelace', email: '', phone: '+44 20 7123 4567' }, ada)).toEqual({
      email: 'Ada@Example.com',
    });
    expect(fillFromBook({ name: 'A. King', email: 'ada.king@example.com', phone: '' }, adaKing)).toEqual({});
  });
});
