'use client';

import { useCallback, useContext, useSyncExternalStore } from 'react';
import { ServedLocales } from './served-locales';
import { readerLocales } from '@/lib/format';

// A page rendered with data on the server formats in the request's Accept-Language locales;
// the browser must render the same text while it hydrates, then its own languages (React
// re-renders after hydration when the two differ, without a mismatch).

const unchanging = () => () => {};

/** Locales to format with in a component that may be rendered on the server with data. */
export function useReaderLocales(): readonly string[] {
  const served = useContext(ServedLocales);
  const browser = useCallback(() => {
    const own = readerLocales();
    // The same list keeps the same array, so React sees nothing changed.
    return own.join() === served.join() ? served : own;
  }, [served]);
  return useSyncExternalStore(unchanging, browser, () => served);
}
