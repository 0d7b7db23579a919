import { useState } from 'react';

/**
 * A draft loaded over the form (as saved elsewhere, from a conflict): each load is a new
 * round, which the form takes as its key, so it starts over from that draft.
 */
export function useLoadedDraft<D>() {
  const [loaded, setLoaded] = useState<{ draft: D; round: number } | null>(null);
  const load = (draft: D) => setLoaded((was) => ({ draft, round: (was?.round ?? 0) + 1 }));
  return [loaded, load] as const;
}
