'use client';

import { createContext, useContext, useEffect } from 'react';
import { noteOpened } from '@/lib/search/recent';
import type { SearchHit } from '@/lib/search/search-kinds';

// Whose "recently opened" list a record page adds itself to: the signed-in user's, set by the
// console's shell. Outside the shell (sign-in) there is none, and nothing is noted.
const OpenedBy = createContext<string | null>(null);

export function OpenedByProvider({ userId, children }: { userId: string; children: React.ReactNode }) {
  return <OpenedBy value={userId}>{children}</OpenedBy>;
}

export const useOpenedBy = () => useContext(OpenedBy);

/** A record page notes its record, once it has read it, for the header search's empty state. */
export function useNoteOpened(hit: SearchHit | null) {
  const userId = useOpenedBy();
  const key = hit && `${hit.kind}|${hit.id}|${hit.title}|${hit.detail}`;
  useEffect(() => {
    if (userId && hit) noteOpened(userId, hit);
    // The key says all of the hit that is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, key]);
}
