'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

// After a client-side navigation the tab's title has been seen to stay empty under load: Next's
// soft-navigation metadata (vercel/next.js#95268) can leave an empty <title> first in the
// document while the page's own is rendered after it, and the browser names the tab by the
// first. After each navigation an empty title is filled from the page's rendered one; when the
// page has rendered none after a few seconds, its heading stands in until its own title comes.

const WATCH_MS = 3_000;
const APP_NAME = 'Signdesk';
const FALLBACK = 'data-title-fallback';

/** The page's own titles with text, as Next rendered them (never the fallback). */
const ownTitle = () =>
  [...document.querySelectorAll(`title:not([${FALLBACK}])`)].map((t) => t.textContent?.trim() ?? '').find((text) => text !== '');

function restore(final: boolean): void {
  const own = ownTitle();
  if (own) {
    // The page's own title came (perhaps late): the stand-in goes, so it shadows nothing.
    for (const stand of document.querySelectorAll(`title[${FALLBACK}]`)) stand.remove();
    if (document.title.trim() === '') document.title = own;
    return;
  }
  if (!final || document.title.trim() !== '') return;
  // None yet: the page's heading stands in (as its title would read), marked so that the page's
  // own title replaces it the moment it arrives.
  const heading = document.querySelector('main h1')?.textContent?.trim();
  const title = document.createElement('title');
  title.setAttribute(FALLBACK, '');
  title.textContent = heading ? `${heading} · ${APP_NAME}` : APP_NAME;
  document.head.prepend(title);
}

export function TitleKeeper() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    for (const stale of document.querySelectorAll(`title[${FALLBACK}]`)) stale.remove();
    restore(false);
    // Titles live in the head: watched until the next navigation, so a late one still wins.
    const observer = new MutationObserver(() => restore(false));
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    const stop = window.setTimeout(() => restore(true), WATCH_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname, search]);
  return null;
}
