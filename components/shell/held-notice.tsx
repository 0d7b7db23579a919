'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { SLOW_AFTER_MS, oldestPendingSince, subscribePending } from '@/lib/pending-requests';
import { useNow } from '@/components/ui/use-now';

const POLL_MS = 1_000;

async function askHeld(): Promise<number> {
  // A plain fetch, not api(): this question must not count as one more slow request.
  const res = await fetch('/api/queue', { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) return 0;
  const body: unknown = await res.json().catch(() => null);
  const held = body && typeof body === 'object' && 'held' in body ? body.held : 0;
  return typeof held === 'number' && Number.isInteger(held) && held >= 0 ? held : 0;
}

/**
 * When a request has waited two seconds, asks the console whether it is being held for the
 * API's rate limit (which every operator shares) and, if so, says that it is waiting its
 * turn rather than lost. Fixed to the bottom of the screen: the page does not move for it.
 */
export function HeldNotice() {
  const since = useSyncExternalStore(subscribePending, oldestPendingSince, () => null);
  const now = useNow(500, since !== null);
  const slow = since !== null && now - since >= SLOW_AFTER_MS;
  const [held, setHeld] = useState(0);

  useEffect(() => {
    if (!slow) return;
    let live = true;
    const ask = () =>
      void askHeld()
        .then((n) => live && setHeld(n))
        .catch(() => undefined);
    ask();
    const timer = setInterval(ask, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
      setHeld(0);
    };
  }, [slow]);

  if (!slow || held === 0) return null;
  return (
    <div
      role="status"
      data-testid="held-notice"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto max-w-xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow-lg"
    >
      The Signing API is at the rate limit all operators share.{' '}
      {held === 1 ? 'Your request is waiting its turn' : `${held} of your requests are waiting their turn`} and will go through
      shortly; nothing is lost.
    </div>
  );
}
