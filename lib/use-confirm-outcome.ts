'use client';

import { useEffect, useState } from 'react';
import { ConfirmLoop, type Confirmation } from '@/lib/confirm-loop';

export type { Confirmation };

export interface ConfirmHandlers<T> {
  onDone(result: T): void;
  /** a definite refusal of the key: only now is "it was not done" known */
  onRefused(error: unknown): void;
}

/**
 * A lost answer, settled by resending the same request under the same key (lib/confirm-loop.ts),
 * paused while the page is hidden. `start(error)` after an unsettled failure; `tryNow()` for
 * the user's "Confirm now". The handlers run once, with the definite answer.
 */
export function useConfirmOutcome<T>(resend: () => Promise<T>, handlers: ConfirmHandlers<T>) {
  const [status, setStatus] = useState<Confirmation<T>>({ state: 'idle' });
  const [loop] = useState(() => new ConfirmLoop<T>(resend, setStatus, () => document.visibilityState === 'hidden'));
  const { onDone, onRefused } = handlers;
  useEffect(() => {
    loop.configure(resend, (next) => {
      setStatus(next);
      if (next.state === 'done') onDone(next.result);
      if (next.state === 'refused') onRefused(next.error);
    });
  });
  useEffect(() => {
    loop.attach();
    const onVisible = () => document.visibilityState === 'visible' && loop.resume();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      loop.stop();
    };
  }, [loop]);
  return { status, start: (err: unknown) => loop.start(err), tryNow: () => void loop.tryNow() };
}
