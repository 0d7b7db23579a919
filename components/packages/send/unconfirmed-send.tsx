'use client';

import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format';
import type { OpenIntent } from '@/lib/intents/schemas';
import { useConfirmEarlierSend } from '@/lib/packages/mutations';
import { SendConfirmation } from './send-confirmation';

/**
 * A send that left this page (a reload, another tab, a sign-in again, a console restart)
 * without an answer: the console's journal still has it (DESIGN.md section 6), and it is
 * confirmed by sending the same request under the same key. Until then no new preview.
 */
export function UnconfirmedSend({ intent }: { intent: OpenIntent }) {
  const router = useRouter();
  const { status, tryNow } = useConfirmEarlierSend(intent, {
    onDone(pkg) {
      toast.success('The earlier send was confirmed: the package is queued.');
      router.push(`/packages/${encodeURIComponent(pkg.id)}?sent=1` as Route);
    },
    onRefused(err) {
      // A definite refusal of that key: nothing was sent by it.
      toast.info(
        `The send started ${formatDateTime(intent.created_at)} was not made: ${err instanceof Error ? err.message : 'the Signing API refused it.'} Nothing was sent.`,
      );
    },
  });
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    tryNow();
  }, [tryNow]);

  if (status.state !== 'confirming') {
    return (
      <div role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-600/30">
        Confirming the send you started {formatDateTime(intent.created_at)}… A new package can be prepared once its outcome is
        known.
      </div>
    );
  }
  return <SendConfirmation status={status} onTryNow={tryNow} since={`started ${formatDateTime(intent.created_at)}`} />;
}
