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
export const CLOCK_SYNC_MS = 15_000;

/**
 * While a deadline is on screen, the console's estimate of the API's time (no upstream call)
 * is read every 15 s and when the tab is shown again, so a clock that moved on the API's side
 * (or a browser clock that drifted) is followed within seconds.
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
