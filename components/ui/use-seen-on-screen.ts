'use client';

import { useEffect, useRef, useState } from 'react';

const THRESHOLDS = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1];

/**
 * Calls `onSeen` once the element has been on screen: nine tenths of it, or, when it is
 * taller than that allows, half of the window. Returns the ref to put on the element.
 * Stops watching once `done`.
 */
export function useSeenOnScreen<T extends Element>(onSeen: () => void, done: boolean): (el: T | null) => void {
  const [el, setEl] = useState<T | null>(null);
  const callback = useRef(onSeen);
  useEffect(() => {
    callback.current = onSeen;
  });
  useEffect(() => {
    if (!el || done) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const viewport = entry.rootBounds?.height ?? window.innerHeight;
          const needed = Math.min(entry.boundingClientRect.height * 0.9, viewport / 2);
          if (entry.isIntersecting && entry.intersectionRect.height >= needed - 1) callback.current();
        }
      },
      { threshold: THRESHOLDS },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, done]);
  return setEl;
}
