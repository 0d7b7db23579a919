'use client';

import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { watchLeaving, type LinkClick } from './leaving';

/** What a DOM click says about the link it landed on. */
function clickOf(event: Event): LinkClick {
  const mouse = event as MouseEvent;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  return {
    defaultPrevented: event.defaultPrevented,
    button: mouse.button,
    metaKey: mouse.metaKey,
    ctrlKey: mouse.ctrlKey,
    shiftKey: mouse.shiftKey,
    altKey: mouse.altKey,
    link:
      anchor instanceof HTMLAnchorElement
        ? { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') }
        : null,
  };
}

export interface LeaveGuardOptions {
  /**
   * where the work is kept besides the page: 'browser' (a local copy a reload or a reopened tab
   * restores, so only leaving within the console asks) or 'page' (the default: a reload asks too)
   */
  kept?: 'page' | 'browser';
  /** false: only a reload or a closed tab asks (an upload running: the console's links stay free) */
  inApp?: boolean;
}

/**
 * The one leave guard: while `dirty`, a link within the console opens the caller's leave dialog
 * (`pending` is where it goes) and a reload or a closed tab gets the browser's own prompt (see
 * `kept`). Steps that move on by themselves (a preview, a send) are not links and unmount the
 * guard, so they are never held up.
 */
export function useLeaveGuard(dirty: boolean, { kept = 'page', inApp = true }: LeaveGuardOptions = {}) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const released = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    return watchLeaving(window, {
      inApp,
      unload: kept === 'page',
      here: () => new URL(window.location.href),
      clickOf,
      onLink: setPending,
      released: () => released.current,
    });
  }, [dirty, kept, inApp]);

  const stay = useCallback(() => setPending(null), []);
  const leave = useCallback(() => {
    if (!pending) return;
    released.current = true;
    setPending(null);
    router.push(pending as Route);
  }, [pending, router]);

  return { pending, stay, leave };
}
export type LeaveGuard = ReturnType<typeof useLeaveGuard>;
