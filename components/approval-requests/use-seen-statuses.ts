'use client';

import { useQueryClient, type Query, type QueryCache } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { approvalKeys, requestStatusesIn } from '@/lib/approval-requests/queries';

// Every request status the approval-request answers in this tab's query cache held, kept
// after those answers leave the cache: the spec lists no full set of statuses, so what the
// host has returned is the best list of what it may return. One set per query cache, so a
// new sign-in (a full load, a new cache) starts empty.
const seenByCache = new WeakMap<QueryCache, { codes: Set<string>; snapshot: readonly string[] }>();
const NONE: readonly string[] = [];

/** A list page or one request; not a revision's requirements (key item/<id>/revision). */
const isRequestAnswer = ({ queryKey: [root, kind, , sub] }: Query) =>
  root === approvalKeys.all[0] && (kind === 'list' || (kind === 'item' && sub === undefined));

function collect(cache: QueryCache): readonly string[] {
  let seen = seenByCache.get(cache);
  if (!seen) seenByCache.set(cache, (seen = { codes: new Set(), snapshot: NONE }));
  const before = seen.codes.size;
  for (const query of cache.findAll({ queryKey: approvalKeys.all, predicate: isRequestAnswer }))
    for (const code of requestStatusesIn(query.state.data)) seen.codes.add(code);
  if (seen.codes.size !== before) seen.snapshot = [...seen.codes];
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
