'use client';

import { useSyncExternalStore } from 'react';

// The header search's keyboard hint ("Ctrl K") is for a keyboard: a phone or a touch screen has
// no Ctrl key to press (issue 35), so the hint shows only where the pointer is a mouse and the
// header has room for it. Before hydration there is no hint, so both renders agree.
const KEYBOARD_SCREEN = '(hover: hover) and (pointer: fine) and (min-width: 768px)';

function subscribe(changed: () => void) {
  const query = window.matchMedia(KEYBOARD_SCREEN);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

function hint(): string | null {
  if (!window.matchMedia(KEYBOARD_SCREEN).matches) return null;
  return /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘K' : 'Ctrl K';
}

/** "Ctrl K" (⌘K on a Mac) where a keyboard shortcut can be pressed; null elsewhere. */
export const useShortcutHint = () => useSyncExternalStore(subscribe, hint, () => null);
