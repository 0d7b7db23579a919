'use client';

import { useRef } from 'react';

/**
 * Focus back to whatever opened a dialog once it closes. Radix returns focus only to its own
 * Trigger, and the console's dialogs are opened by plain buttons (also from rows and menus),
 * so the content remembers what had focus as it opened. A control that has gone meanwhile
 * (an archived row) leaves Radix's default.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus() {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus(event: Event) {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
