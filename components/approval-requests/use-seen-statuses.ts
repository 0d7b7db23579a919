'use client';

import { useQueryClient, type Query, type QueryCache } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { approvalKeys, requestStatusesIn } from '@/lib/approval-requests/queries';
import { readKept, writeKept } from '@/lib/unsaved-work/browser-store';

// Every request status the approval-request answers held, kept after those answers leave the
// cache and across visits in this browser: the spec lists no full set of statuses, so what the
// host has returned is the best list of what it may return, and a filter that forgot APPROVED
// on reload would hide finished requests from whoever looks for them.
const seenByCache = new WeakMap<QueryCache, { codes: Set<string>; snapshot: readonly string[] }>();
const NONE: readonly string[] = [];
const KEPT = 'signdesk.seen.request-statuses';
const MAX_KEPT = 50;

function keptStatuses(): string[] {
  try {
    const kept: unknown = JSON.parse(readKept(KEPT) ?? '[]');
    return Array.isArray(kept)
      ? kept.filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= 40).slice(0, MAX_KEPT)
      : [];
  } catch {
    return [];
  }
}

/** A list page or one request; not a revision's requirements (key item/<id>/revision). */
const isRequestAnswer = ({ queryKey: [root, kind, , sub] }: Query) =>
  root === approvalKeys.all[0] && (kind === 'list' || (kind === 'item' && sub === undefined));

function collect(cache: QueryCache): readonly string[] {
  let seen = seenByCache.get(cache);
  if (!seen) seenByCache.set(cache, (seen = { codes: new Set(keptStatuses()), snapshot: NONE }));
  const before = seen.codes.size;
  for (const query of cache.findAll({ queryKey: approvalKeys.all, predicate: isRequestAnswer }))
    for (const code of requestStatusesIn(query.state.data)) seen.codes.add(code);
  if (seen.codes.size !== before || (seen.snapshot === NONE && seen.codes.size > 0)) {
    seen.snapshot = [...seen.codes];
    if (seen.codes.size <= MAX_KEPT) writeKept(KEPT, JSON.stringify(seen.snapshot));
  }
  return seen.snapshot;
}

/** The request statuses seen so far in this tab (none while rendering on the server). */
export function useSeenRequestStatuses(): readonly string[] {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback(
    (changed: () => void) =>
      cache.subscribe((event) => {
        if (event.type === 'updated' && isRequestAnswer(event.query)) changed();
      }),
    [cache],
  );
  return useSyncExternalStore(
    subscribe,
    () => collect(cache),
    () => NONE,
  );
}
