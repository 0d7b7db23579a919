'use client';

import { useState, type ComponentType } from 'react';

/**
 * A dialog whose code (Radix, its form) loads when it first opens rather than with the page:
 * `Lazy` is a next/dynamic component. Once opened it stays mounted, closed, as it did before,
 * so Radix's closing (focus back to the opener) and anything typed behave the same.
 */
export function openedLazily<P extends { open: boolean }>(Lazy: ComponentType<P>): ComponentType<P> {
  function OpenedLazily(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? <Lazy {...props} /> : null;
  }
  return OpenedLazily;
}
