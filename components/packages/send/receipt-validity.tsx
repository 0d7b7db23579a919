'use client';

import { useEffect, useRef, useState } from 'react';
import { formatDateTime, formatRemaining } from '@/lib/format';
import { Button } from '../../ui/button';

interface ReceiptValidityProps {
  remaining: number;
  /** when the receipt ends on the API's clock (epoch ms) */
  endsAt: number;
  /** a new receipt for the very same values: the review opens again with it */
  onPreviewAgain(): Promise<void>;
}

/**
 * How long the preview's receipt stays good, amber in its last two minutes; once gone, a new
 * receipt for the same values in one click (nothing changed, so nothing needs typing again);
 * "Edit details" below the summary still leads back to the form.
 */
export function ReceiptValidity({ remaining, endsAt, onPreviewAgain }: ReceiptValidityProps) {
  const expired = remaining <= 0;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const again = useRef<HTMLButtonElement>(null);
  // Send closed under the keyboard user's hands: the way on takes the focus.
  useEffect(() => {
    if (expired) again.current?.focus({ preventScroll: true });
  }, [expired]);
  const previewAgain = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onPreviewAgain();
    } catch (err) {
      setFailure(
        `${err instanceof Error ? err.message : 'The preview could not be made.'} Edit details leads back to the form, every value kept.`,
      );
      setBusy(false);
    }
  };
  return (
    <div
      className={`rounded-md p-3 text-sm ${expired ? 'bg-red-50 text-red-900' : remaining < 120_000 ? 'bg-amber-50 text-amber-950' : 'bg-slate-50 text-slate-800'}`}
    >
      {expired ? (
        <div role="alert">
          <p className="font-semibold">This preview has expired.</p>
          <p>Receipts are valid 10 minutes. Nothing was sent; preview again with the same values.</p>
          {failure && <p className="mt-2 font-medium">{failure}</p>}
          <Button ref={again} size="sm" className="mt-2" busy={busy} onClick={() => void previewAgain()}>
            Preview again
          </Button>
        </div>
      ) : (
        <p>
          Receipt valid for <strong data-testid="receipt-remaining">{formatRemaining(remaining)}</strong>
          <span className="block text-xs">until {formatDateTime(endsAt)} (server time)</span>
        </p>
      )}
    </div>
  );
}
