'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { recipientsQuery } from '@/lib/recipients/queries';
import type { Recipient } from '@/lib/recipients/schemas';
import { fillFromBook, matchRecipient, type SignerContact } from './fill-from-book';

/** The book is asked once typing pauses, not at every key. */
const PAUSE_MS = 250;

export interface RecipientSuggestions {
  /** entries for what is typed (the address, or the name while no address is): the most recently used first */
  recipients: Recipient[];
  /** the entry this signer is, by matchRecipient */
  match: Recipient | null;
}

/**
 * The book's entries for one signer's fields. Signers with the same text share one read (an
 * empty form asks once for the most recently used); an unreadable book suggests nothing and
 * the fields work as before.
 */
export function useRecipientSuggestions(
  signer: Pick<SignerContact, 'name' | 'email'>,
  { enabled = true } = {},
): RecipientSuggestions {
  const typed = (signer.email.trim() || signer.name.trim()).slice(0, 100);
  const [q, setQ] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = useQuery({ ...recipientsQuery({ q: q || undefined, page: 1, size: 25 }), enabled, staleTime: 60_000 });
  const recipients = query.data?.data ?? [];
  return { recipients, match: matchRecipient(recipients, signer) };
}

/**
 * Gives the signer's empty fields the values of the entry they came to name, once per entry: a
 * field the sender empties afterwards stays empty, and nothing typed is ever overwritten.
 */
export function useFillFromBook(signer: SignerContact, match: Recipient | null, onFill: (fill: Partial<SignerContact>) => void) {
  const latest = useRef({ signer, match, onFill });
  // Declared first, so it runs first: the effect below reads this render's values.
  useEffect(() => {
    latest.current = { signer, match, onFill };
  });
  const filledFor = useRef<string | null>(null);
  const matchId = match?.id ?? null;
  useEffect(() => {
    if (matchId === filledFor.current) return;
    filledFor.current = matchId;
    const { signer: typed, match: entry, onFill: fillIn } = latest.current;
    if (!entry) return;
    const fill = fillFromBook(typed, entry);
    if (Object.keys(fill).length > 0) fillIn(fill);
  }, [matchId]);
}
