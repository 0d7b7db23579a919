'use client';

import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency';

/**
 * One Idempotency-Key per user intent (DESIGN.md section 6). `take(fingerprint)` answers the
 * pending key while the same intent (same fingerprint: same action, same body) is retried
 * after an unsettled failure, and a fresh key otherwise; `settle()` ends the intent once it
 * has an outcome, so the next click is a new intent.
 */
export function useIntentKey(prefix = 'sd') {
  const pending = useRef<{ fingerprint: string; key: string } | null>(null);
  return useMemo(
    () => ({
      take(fingerprint: string): string {
        if (pending.current?.fingerprint === fingerprint) return pending.current.key;
        const key = newIdempotencyKey(prefix);
        pending.current = { fingerprint, key };
        return key;
      },
      settle() {
        pending.current = null;
      },
    }),
    [prefix],
  );
}

export { isUnsettled } from '@/lib/confirm-loop';
