'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

// After a client-side navigation the tab's title has been seen to stay empty under load: Next's
// soft-navigation metadata (vercel/next.js#95268) can leave an empty <title> first in the
// document while the page's own is rendered after it, or give the page's title its text only
// late, and the browser names the tab by the first. Until the next navigation, an empty title
// is filled from the page's rendered one; after a few seconds without one, the page's heading
// stands in, and the page's own title replaces it whenever it comes.
//
// Only document.title is ever written, never a <title> element added or removed: React adopts
// the first <title> it does not own when it mounts a page's title, so an element of ours would
// become React's, and removing it later made React's own removal throw (the bulk journeys'
// pages crashed so under load).

const WATCH_MS = 3_000;
const APP_NAME = 'Signdesk';

/** What this keeper last wrote as a stand-in, so that the page's own title can replace it. */
let standIn: string | null = null;
/** Whether the page has had its few seconds: from then on an empty title gets the stand-in at once. */
let waited = false;

/** The page's own titles with text, as rendered in the head (SVG titles are no tab's name). */
function ownTitle(): string | undefined {
  return [...document.head.getElementsByTagName('title')]
    .map((t) => t.textContent?.trim() ?? '')
    .find((text) => text !== '' && text !== standIn);
}

function restore(): void {
  const current = document.title.trim();
  if (current !== '' && current !== standIn) return;
  const own = ownTitle();
  if (own) {
    document.title = own;
    standIn = null;
    return;
  }
  if (!waited || current !== '') return;
  // None yet: the page's heading stands in, as its own title would read.
  const heading = document.querySelector('main h1')?.textContent?.trim();
  standIn = heading ? `${heading} · ${APP_NAME}` : APP_NAME;
  document.title = standIn;
}

export function TitleKeeper() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  useEffect(() => {
    standIn = null;
    waited = false;
    restore();
    // Titles live in the head: watched until the next navigation, so a late one still wins.
    const observer = new MutationObserver(restore);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    const stop = window.setTimeout(() => {
      waited = true;
      restore();
    }, WATCH_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname, search]);
  return null;
}
