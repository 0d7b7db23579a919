'use client';

import { useMemo, useState } from 'react';
import { IntentKey } from '@/lib/intent-key';

/**
 * One Idempotency-Key per user intent (DESIGN.md section 6), for the writes not yet moved to
 * useKeyedMutation (use-keyed-mutation.ts), which owns its key itself. `take(fingerprint)`
 * answers the pending key while the same intent is retried, a fresh key otherwise;
 * `settle()` ends the intent once it has an outcome, so the next click is a new intent.
 */
export function useIntentKey(prefix = 'sd') {
  const [intent] = useState(() => new IntentKey(prefix));
  return useMemo(
    () => ({ take: (fingerprint: string) => intent.take(fingerprint), settle: () => intent.settle('done') }),
    [intent],
  );
}

export { isUnsettled } from '@/lib/confirm-loop';
