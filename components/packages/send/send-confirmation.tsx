'use client';

import type { Confirmation } from '@/lib/use-confirm-outcome';
import { Button } from '../../ui/button';
import { useNow } from '../../ui/use-now';
import { secondsLeft } from '@/lib/seconds-left';

/**
 * What the sender sees while a send has no known outcome: never "nothing was sent", but
 * that the same request is being repeated, which cannot queue a second package.
 */
export function SendConfirmation({
  status,
  onTryNow,
  since,
}: {
  status: Extract<Confirmation<unknown>, { state: 'confirming' }>;
  onTryNow(): void;
  since?: string;
}) {
  const now = useNow(1000, true);
  const wait = secondsLeft(status.nextAt, now);
  return (
    <div role="status" aria-live="polite" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">Confirming whether the package was sent{since ? ` (${since})` : ''}</p>
      <p className="mt-1">
        The Signing API did not answer, so the package may or may not have been queued. Signdesk is repeating the very same
        request, which cannot queue a second package, until the API answers.
      </p>
      <p className="mt-1 text-xs">
        Attempt {status.attempt}; {wait > 0 ? `next in ${wait} s` : 'confirming now'}. Last answer: {status.lastError}
      </p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={onTryNow}>
        Confirm now
      </Button>
    </div>
  );
}
