'use client';

import { useQueryClient, type Query, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_QUERY_ATTEMPTS, queryRetryDelay, struggleHeadline } from '@/lib/query-retry';
import { Button } from './button';
import { useNow } from './use-now';
import { secondsLeft } from '@/lib/seconds-left';

import { SLOW_AFTER_MS } from '@/lib/pending-requests';

type Watched = Pick<UseQueryResult<unknown>, 'failureCount' | 'failureReason' | 'fetchStatus'>;

/**
 * A first load's placeholder (the skeleton passed as children), topped once the load is slow
 * or has failed with what is happening: who is not answering, the retry countdown the
 * retryer is following (lib/query-retry.ts), the attempt, and "Retry now".
 */
export function QueryPending({ query, children }: { query: Watched; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3">
      <StruggleNotice query={query} />
      {children}
    </div>
  );
}

const stuck = (q: Query) => q.state.status === 'pending' && q.state.fetchStatus !== 'idle';

/** Every first load still waiting (the API is down for all of them) starts again now. */
async function retryStuckNow(client: QueryClient) {
  const hashes = new Set(
    client
      .getQueryCache()
      .findAll({ predicate: stuck })
      .map((q) => q.queryHash),
  );
  // A load waiting out its backoff, or hanging, is only restarted once cancelled.
  await client.cancelQueries({ predicate: stuck });
  await client.refetchQueries({ type: 'active', predicate: (q) => hashes.has(q.queryHash) });
}

function StruggleNotice({ query }: { query: Watched }) {
  const client = useQueryClient();
  const { failureCount: failures, failureReason, fetchStatus } = query;
  // When the current failure count was reached (a reset to 0 is a new wait from scratch).
  const [mark, setMark] = useState(() => ({ failures, at: Date.now() }));
  const now = useNow(250);
  if (mark.failures !== failures) setMark({ failures, at: now });

  const waited = now - mark.at;
  if (failures === 0 && waited < SLOW_AFTER_MS) return null;

  let text: string;
  if (failures === 0) text = `The Signing API is slow to answer; waiting ${Math.floor(waited / 1000)} s.`;
  else {
    const headline = struggleHeadline(failureReason);
    const attempt = `attempt ${failures + 1} of ${MAX_QUERY_ATTEMPTS}`;
    const left = secondsLeft(mark.at + queryRetryDelay(failures - 1, failureReason), now);
    if (fetchStatus === 'paused') text = `${headline}; retrying when this tab is shown again.`;
    else if (left > 0) text = `${headline}; retrying in ${left} s (${attempt}).`;
    else text = `${headline}; trying again (${attempt})…`;
  }
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3"
    >
      <p className="text-sm text-amber-950" data-testid="query-struggle">
        {text}
      </p>
      <Button variant="secondary" size="sm" onClick={() => void retryStuckNow(client)}>
        Retry now
      </Button>
    </div>
  );
}
