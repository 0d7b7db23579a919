'use client';

import { createContext, useContext, useEffect } from 'react';
import type { SearchKindId } from '@/lib/search/hits';

// Whose "recently opened" list a record page adds itself to: the signed-in user's, set by the
// console's shell. Outside the shell (sign-in) there is none, and nothing is noted.
const OpenedBy = createContext<string | null>(null);

export function OpenedByProvider({ userId, children }: { userId: string; children: React.ReactNode }) {
  return <OpenedBy value={userId}>{children}</OpenedBy>;
}

export const useOpenedBy = () => useContext(OpenedBy);

/**
 * A record page notes its record, once it has read it, for the header search's empty state.
 * The noting code loads after the page (it is not needed to show it).
 */
export function useNoteOpened(kind: SearchKindId, record: { id: string } | null | undefined) {
  const userId = useOpenedBy();
  useEffect(() => {
    if (!userId || !record) return;
    void import('@/lib/search/recent').then(({ noteOpened, hitOf }) => noteOpened(userId, hitOf(kind, record)));
  }, [userId, kind, record]);
}
