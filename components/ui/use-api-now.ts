'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { api } from '@/lib/api-client';
import { apiClock } from '@/lib/api-clock';
import { useNow } from './use-now';

/** The Signing API's time, ticking every `intervalMs` while `active`, and moved when an answer shows the API's clock elsewhere. */
export function useApiNow(intervalMs = 1000, active = true): number {
  // Re-render on every tick, and at once when an answer moves the clock.
  useNow(intervalMs, active);
  useSyncExternalStore(apiClock.subscribe, apiClock.version, () => 0);
  return apiClock.now();
}

/** How often a deadline screen re-reads the API's clock while nothing else asks the API. */
export const CLOCK_SYNC_MS = 2_000;

/**
 * While a deadline is on screen, the API's time is read every 2 s and when the tab is shown
 * again (the console answers from its estimate, refreshed upstream when older than 2 s), so a
 * clock that moved on the API's side closes the deadline at once, not a quarter-minute later.
 */
export function useApiClockSync(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const sync = () => {
      if (document.visibilityState === 'visible') void api('/api/clock').catch(() => undefined);
    };
    const timer = setInterval(sync, CLOCK_SYNC_MS);
    document.addEventListener('visibilitychange', sync);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', sync);
    };
  }, [active]);
}
