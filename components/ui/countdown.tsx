'use client';

import { useEffect, useState } from 'react';
import { secondsLeft } from '@/lib/seconds-left';

/** Whole seconds until `until` (epoch ms), re-rendered four times a second so it visibly ticks. */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return secondsLeft(until, now);
}
