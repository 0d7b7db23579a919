'use client';

import { useQueries } from '@tanstack/react-query';
import type { Page } from '@/lib/list/schemas';
import { useSettled } from '../ui/use-settled';
import { hitsOf, SEARCH_KINDS, type SearchHit, type SearchKind, type SearchKindId } from '@/lib/search/search-kinds';

/** How many hits a group shows; the rest are behind its "all N" entry. */
export const PER_KIND = 5;
/** Fewer characters than this search nothing: every record would match one letter. */
export const MIN_CHARS = 2;
/** Typing pauses this long before anything is asked. */
export const DEBOUNCE_MS = 250;

export interface SearchGroup {
  kind: SearchKind;
  state: 'searching' | 'done' | 'failed';
  hits: SearchHit[];
  total: number;
  error: string | null;
}

/**
 * The header search's groups for `text`, one per kind the user may read. Each asks its list
 * route once the typing pauses; a newer text drops the older answers (their requests are
 * cancelled as their queries lose their last observer) and shows "searching" until its own
 * arrive, so a list never stands for text the user has typed over.
 */
export function useSearchResults(text: string, kinds: readonly SearchKindId[], active: boolean) {
  const q = text.trim();
  const settled = useSettled(q, DEBOUNCE_MS);
  const wanted = SEARCH_KINDS.filter((k) => kinds.includes(k.id));
  const asking = active && q.length >= MIN_CHARS && settled === q;
  const answers = useQueries({
    queries: wanted.map((kind) => ({
      ...kind.query(settled),
      enabled: asking,
      retry: false,
      select: (page: Page<unknown>) => ({ hits: hitsOf(kind.id, page), total: page.pagination.total }),
    })),
  });
  const groups: SearchGroup[] = wanted.map((kind, i) => {
    const answer = answers[i]!;
    if (!asking || answer.isPending) return { kind, state: 'searching', hits: [], total: 0, error: null };
    if (answer.isError) return { kind, state: 'failed', hits: [], total: 0, error: answer.error.message };
    const { hits, total } = answer.data!;
    return { kind, state: 'done', hits: hits.slice(0, PER_KIND), total: Math.max(total, hits.length), error: null };
  });
  return { q, tooShort: q.length > 0 && q.length < MIN_CHARS, searching: groups.some((g) => g.state === 'searching'), groups };
}
