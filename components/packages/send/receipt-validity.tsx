'use client';

import { formatDateTime, formatRemaining } from '@/lib/format';
import { Button } from '../../ui/button';

/** How long the preview's receipt stays good, amber in its last two minutes; once gone, the way back. */
/** `endsAt`: when the receipt ends on the API's clock (epoch ms). */
export function ReceiptValidity({ remaining, endsAt, onPreviewAgain }: { remaining: number; endsAt: number; onPreviewAgain(): void }) {
  const expired = remaining <= 0;
  return (
    <div
      className={`rounded-md p-3 text-sm ${expired ? 'bg-red-50 text-red-900' : remaining < 120_000 ? 'bg-amber-50 text-amber-950' : 'bg-slate-50 text-slate-800'}`}
    >
      {expired ? (
        <div role="alert">
          <p className="font-semibold">This preview has expired.</p>
          <p>Receipts are valid 10 minutes. Nothing was sent; preview again with the same values.</p>
          <Button size="sm" className="mt-2" onClick={onPreviewAgain}>
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
