import type { Route } from 'next';
import { readKept, recentKey, writeKept } from '../unsaved-work/browser-store.ts';
import { SEARCH_KIND_IDS, type SearchHit, type SearchKindId } from './hits.ts';

export { hitOf } from './hits.ts';

// The records a user opened lately, newest first, shown by the header's search before they
// type. Kept in this browser only (cleared at sign-out with the rest of lib/unsaved-work/browser-store.ts).

export const RECENT_MAX = 8;
const KINDS = new Set<string>(SEARCH_KIND_IDS);

// Storage is whatever anyone wrote there: only well-formed entries, and only paths on this console.
function isHit(v: unknown): v is SearchHit {
  if (typeof v !== 'object' || v === null) return false;
  const h = v as Record<string, unknown>;
  return (
    typeof h.kind === 'string' &&
    KINDS.has(h.kind) &&
    typeof h.id === 'string' &&
    typeof h.title === 'string' &&
    typeof h.detail === 'string' &&
    typeof h.href === 'string' &&
    h.href.startsWith('/') &&
    !h.href.startsWith('//')
  );
}

export function recentlyOpened(userId: string, storage?: () => Storage): SearchHit[] {
  const kept = readKept(recentKey(userId), storage);
  if (!kept) return [];
  try {
    const parsed: unknown = JSON.parse(kept);
    return Array.isArray(parsed) ? parsed.filter(isHit).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Notes `hit` as opened just now: first in the list, once. */
export function noteOpened(userId: string, hit: SearchHit, storage?: () => Storage): void {
  const rest = recentlyOpened(userId, storage).filter((h) => !(h.kind === hit.kind && h.id === hit.id));
  writeKept(recentKey(userId), JSON.stringify([hit, ...rest].slice(0, RECENT_MAX)), storage);
}

/** A record's entry as a detail page knows it. */
export const openedHit = (kind: SearchKindId, id: string, title: string, detail: string, href: string): SearchHit => ({
  kind,
  id,
  title,
  detail,
  href: href as Route,
});
