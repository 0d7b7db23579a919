'use client';

import { useCallback, useRef, useState } from 'react';
import { apiClock } from '@/lib/api-clock';
import { useSendPackage } from '@/lib/packages/mutations';
import type { SignTemplate } from '@/lib/catalog/schemas';
import type { Preview, PreviewInput, SignaturePackage } from '@/lib/packages/schemas';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-error';
import { LeaveDialog } from '../../unsaved-work/leave-dialog';
import { useLeaveGuard } from '@/lib/unsaved-work/use-leave-guard';
import { useApiClockSync, useApiNow } from '../../ui/use-api-now';
import { receiptGone, type BackReason } from './receipt-gone';
import { ReceiptValidity } from './receipt-validity';
import type { ReviewMemory } from './review-progress';
import { ReviewConfirm } from './review-confirm';
import { ReviewLayout } from './review-layout';
import { SendConfirmation } from './send-confirmation';
import { useReviewProgress } from './use-review-progress';
import { TeamPicker, useTeamChoice } from '../../teams/team-picker';

export type { BackReason } from './receipt-gone';

interface ReviewStepProps {
  template: SignTemplate;
  preview: Preview;
  /** the exact body this receipt was made from */
  input: PreviewInput;
  /** when the receipt stops being good, on the API's clock (lib/api-clock.ts) */
  deadline: number;
  /** review progress kept across receipts of this send */
  memory: ReviewMemory;
  onBack(reason: BackReason): void;
  /** a new receipt for the same input, straight back to the review; rejects with what went wrong */
  onPreviewAgain(): Promise<void>;
  onSent(pkg: SignaturePackage): void;
}

/**
 * Step 2: the populated PDF and everything frozen in the receipt. The confirmation opens only
 * once every page has been on screen and every summary section seen; one key per Send click,
 * reused when that click is retried after a failure without an answer.
 */
export function ReviewStep({ template, preview, input, deadline, memory, onBack, onPreviewAgain, onSent }: ReviewStepProps) {
  const token = preview.preview_token;
  const progress = useReviewProgress(preview, input, memory);
  const { reviewed } = progress;
  const [confirmed, setConfirmed] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<{ message: string } | null>(null);
  const team = useTeamChoice();
  // The API's clock, not the browser's: Send closes when the API's receipt does.
  const now = useApiNow(1000, !sent);
  useApiClockSync(!sent);
  const remaining = deadline - now;
  const expired = remaining <= 0;

  // One key per Send click, reused while its answer is not known; a send without an answer
  // is confirmed by sending the same request under the same key (the hook's confirm mode).
  const sendMutation = useSendPackage(template.id, {
    onDone(pkg) {
      setSent(true);
      onSent(pkg);
    },
    onFailed(err, { outcome }) {
      // Only a definite refusal of our key makes "nothing was sent" true; an unknown outcome is being confirmed.
      if (outcome === 'unknown') return;
      const reason = receiptGone(err, deadline - apiClock.now());
      if (reason) return onBack(reason);
      setError({ message: err instanceof Error ? err.message : 'Sending failed.' });
    },
  });
  const sending = sendMutation.pending;
  const confirming = sendMutation.confirming;
  // A reviewed, unsent package is work in hand; once sent, or while its outcome is being
  // confirmed (the journal resumes that anywhere), leaving loses nothing.
  const guard = useLeaveGuard(!sent && !sending && !confirming);

  const send = () => {
    // A double click that lands here twice before React re-renders joins the first request.
    if (sending || sent || !confirmed || expired || !reviewed) return;
    setError(null);
    // Failures are shown by onFailed; the rejection carries nothing more.
    const review = { ...progress.evidence(), confirmed_at: new Date().toISOString() };
    sendMutation.run({ receipt: token, review, teamId: team.teamId }).catch(() => undefined);
  };

  const ready = reviewed && confirmed && !expired && !sent && !confirming;
  // Once the last page is seen through "Next unreviewed page": the confirmation if it is open,
  // else the summary, whose sections are still to be seen.
  const confirmBox = useRef<HTMLInputElement>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const pagesDone = useCallback(() => {
    const box = confirmBox.current;
    if (box && !box.disabled) box.focus();
    else summaryHeading.current?.focus();
  }, []);

  return (
    <>
      <ReviewLayout
        template={template}
        templateId={template.id}
        preview={preview}
        deadline={deadline}
        progress={progress}
        now={now}
        heading="Review before sending"
        headingId="review-summary"
        headingRef={summaryHeading}
        onGone={onBack}
        onPagesDone={pagesDone}
        top={
          sendMutation.confirmation.state === 'confirming' ? (
            <SendConfirmation status={sendMutation.confirmation} onTryNow={sendMutation.tryNow} />
          ) : (
            <ReceiptValidity remaining={remaining} endsAt={deadline} onPreviewAgain={onPreviewAgain} />
          )
        }
      >
        <TeamPicker choice={team} disabled={sending || sent || confirming} className="max-w-sm" />
        <ReviewConfirm
          ref={confirmBox}
          checked={confirmed}
          disabled={!reviewed || expired || sending || sent || confirming}
          onChange={setConfirmed}
          label="I have reviewed the populated document, the values, the recipients and the expiry."
          hint={
            reviewed
              ? 'Required before sending.'
              : `Opens once you have seen every page and section. Still to review: ${progress.left}.`
          }
        />
        <FormError error={error} />
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="secondary" onClick={() => onBack('edit')} disabled={sending || sent || confirming}>
            Edit details
          </Button>
          <Button onClick={send} disabled={!ready} busy={sending || sent || confirming}>
            {sent ? 'Sent' : sending ? 'Sending…' : confirming ? 'Confirming…' : 'Send for signature'}
          </Button>
        </div>
        <p className="text-xs text-slate-600">
          Editing any detail needs a new preview: what you send is exactly what you reviewed.
        </p>
      </ReviewLayout>
      <LeaveDialog open={guard.pending !== null} what="package details" onStay={guard.stay} onLeave={guard.leave} />
    </>
  );
}
