'use client';

import { useMemo, useRef } from 'react';
import { ConsoleApiError } from '@/lib/api-error';
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

/**
 * Failures after which the outcome is unknown or temporary (network, 5xx, 429, the same key
 * still running): retrying with the same key is safe and may find the first attempt's answer.
 */
export function isUnsettled(err: unknown): boolean {
  if (!(err instanceof ConsoleApiError)) return true;
  return err.status === 0 || err.status >= 500 || err.status === 429 || err.code === 'IDEMPOTENCY_IN_PROGRESS';
}
