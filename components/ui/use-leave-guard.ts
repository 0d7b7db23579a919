'use client';

import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A click the browser or Next's <Link> would turn into a same-origin page change. */
function leavingHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const to = new URL(anchor.href, window.location.href);
  if (to.origin !== window.location.origin) return null;
  // A jump within this page loses nothing.
  if (to.pathname === window.location.pathname && to.search === window.location.search) return null;
  return `${to.pathname}${to.search}${to.hash}`;
}

/**
 * Asks before unsaved input is lost. The app router has no route-change events, so while
 * `dirty` a capture-phase listener stops same-origin link clicks before <Link> sees them and
 * hands the destination to the caller's dialog; reloads and closing get the browser's own
 * `beforeunload` prompt. Steps that move on by themselves (a preview, a send) are not links
 * and unmount the guard, so they are never held up. `unload: false` is for work kept in the
 * browser that a reload or a reopened tab restores: only leaving within the console asks.
 */
export function useLeaveGuard(dirty: boolean, { unload = true }: { unload?: boolean } = {}) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const released = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      if (released.current) return;
      const href = leavingHref(event);
      if (!href) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(href);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('click', onClick, true);
    if (unload) window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, unload]);

  const stay = useCallback(() => setPending(null), []);
  const leave = useCallback(() => {
    if (!pending) return;
    released.current = true;
    setPending(null);
    router.push(pending as Route);
  }, [pending, router]);

  return { pending, stay, leave };
}
