'use client';

import { useMemo, useRef } from 'react';
import { ConsoleApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency';

/**
 * True when a failed call may or may not have taken effect (no answer, 429, 5xx, or the
 * first attempt still running): submitting the same thing again must reuse its key.
 */
export function outcomeUnknown(err: unknown): boolean {
  if (!(err instanceof ConsoleApiError)) return true;
  return err.status === 0 || err.status === 429 || err.status >= 500 || err.code === 'IDEMPOTENCY_IN_PROGRESS';
}

/**
 * One Idempotency-Key per user intent (DESIGN.md section 6). The key is tied to what is
 * sent: resubmitting the same body after a failure without an answer reuses it, a changed
 * body is a new intent, and any answer (success or refusal) closes the intent.
 */
export function useIntentKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body: unknown): string {
        const fingerprint = JSON.stringify(body);
        if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey() };
        return current.current.key;
      },
      settle(err?: unknown) {
        if (err === undefined || !outcomeUnknown(err)) current.current = null;
      },
    }),
    [],
  );
}
