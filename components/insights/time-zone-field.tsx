'use client';

import { useEffect } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { Route } from 'next';

/**
 * The viewer's time zone, as their browser names it: a hidden field of the filter form, and on
 * a visit without one the page is read again with it, so days are the viewer's days.
 */
export function TimeZoneField({ given }: { given?: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (given || !browser) return;
    const next = new URLSearchParams(search.toString());
    next.set('tz', browser);
    router.replace(`${pathname}?${next.toString()}` as Route, { scroll: false });
  }, [given, pathname, router, search]);
  return <input type="hidden" name="tz" value={given ?? 'UTC'} />;
}
