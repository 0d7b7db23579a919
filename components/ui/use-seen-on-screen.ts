'use client';

import { useEffect, useRef, useState } from 'react';

// Every 5 %: with coarser steps a tall section passes "half of the window" between two of them
// and counts only at the next, so "Still to review" would lag what is on screen.
const THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

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
