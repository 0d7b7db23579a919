'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

// After a client-side navigation the tab's title has been seen to stay empty under load: Next's
// soft-navigation metadata (vercel/next.js#95268) can leave an empty <title> first in the
// document while the page's own is rendered after it, and the browser names the tab by the
// first. For a few seconds after each navigation an empty title is filled from the page's
// rendered one; only when the page rendered none is the tab given the console's name.

const WATCH_MS = 3_000;
const APP_NAME = 'Signdesk';
const FALLBACK = 'data-title-fallback';

function restore(final: boolean): void {
  if (document.title.trim() !== '') return;
  const rendered = [...document.querySelectorAll('title')].map((t) => t.textContent?.trim() ?? '').find((text) => text !== '');
  if (rendered) {
    document.title = rendered;
    return;
  }
  if (!final) return;
  // Marked, so that the next page's own title is not shadowed by it.
  const title = document.createElement('title');
  title.setAttribute(FALLBACK, '');
  title.textContent = APP_NAME;
  document.head.prepend(title);
}

export function TitleKeeper() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    for (const stale of document.querySelectorAll(`title[${FALLBACK}]`)) stale.remove();
    restore(false);
    const observer = new MutationObserver(() => restore(false));
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
    const stop = window.setTimeout(() => {
      observer.disconnect();
      restore(true);
    }, WATCH_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname, search]);
  return null;
}
