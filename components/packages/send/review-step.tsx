'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { PdfViewer } from '@/components/pdf/pdf-viewer-lazy';
import { ConsoleApiError } from '@/lib/api-error';
import { formatBytes, formatDate, formatDateTime, formatRemaining } from '@/lib/format';
import { fetchPreviewDocument, sendPackage, type PackageRecord } from '@/lib/queries/packages';
import type { SignTemplate } from '@/lib/schemas/catalog';
import type { Preview, PreviewInput } from '@/lib/schemas/packages';
import { Button } from '../../ui/button';
import { ErrorState, Skeleton } from '../../ui/states';
import { useConfirmOutcome } from '../../ui/use-confirm-outcome';
import { isUnsettled, useIntentKey } from '../../ui/use-intent-key';
import { useNow } from '../../ui/use-now';
import { FormError } from '../../ui/form-error';
import { SendConfirmation } from './send-confirmation';

/** Why the review ended without a send; the form says so when it comes back. */
export type BackReason = 'edit' | 'expired' | 'consumed' | 'not_found';

const RECEIPT_GONE: Record<string, BackReason> = {
  PREVIEW_EXPIRED: 'expired',
  PREVIEW_CONSUMED: 'consumed',
  PREVIEW_NOT_FOUND: 'not_found',
};
const DAY_MS = 86_400_000;

interface ReviewStepProps {
  template: SignTemplate;
  preview: Preview;
  input: PreviewInput;
  /** when the receipt stops being good, by this browser's clock */
  deadline: number;
  onBack(reason: BackReason): void;
  onSent(pkg: PackageRecord): void;
}

function Summary({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-3">
      <h3 className="mb-1.5 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * Step 2: the populated PDF and everything frozen in the receipt. Send stays off until the
 * document has been shown and the sender confirms; one key per Send click, reused when that
 * click is retried after a failure without an answer.
 */
export function ReviewStep({ template, preview, input, deadline, onBack, onSent }: ReviewStepProps) {
  const token = preview.preview_token;
  const pdf = useQuery({
    // Outside the ['packages'] prefix: invalidating packages after the send must not re-fetch a consumed receipt.
    queryKey: ['package-preview-document', token],
    queryFn: ({ signal }) => fetchPreviewDocument(template.id, token, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: (failures, err) => isUnsettled(err) && failures < 2,
  });
  // The document counts as reviewed once the viewer has actually opened it, not merely fetched it.
  const [shown, setShown] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<{ message: string } | null>(null);
  const inFlight = useRef(false);
  const intent = useIntentKey('pkg-send');
  const now = useNow(1000, !sent);
  const remaining = deadline - now;
  const expired = remaining <= 0;
  const confirmId = useId();

  // A send without an answer is confirmed by sending the same request under the same key.
  const confirm = useConfirmOutcome(() => sendPackage(template.id, token, intent.take(token)), {
    onDone(pkg) {
      intent.settle();
      setSent(true);
      onSent(pkg);
    },
    onRefused(err) {
      // A definite refusal of our key: only now is "nothing was sent" known to be true.
      intent.settle();
      const reason = err instanceof ConsoleApiError ? RECEIPT_GONE[err.code] : undefined;
      if (reason) return onBack(reason);
      setError({ message: err instanceof Error ? err.message : 'Sending failed.' });
    },
  });
  const confirming = confirm.status.state === 'confirming';

  const gone = pdf.error instanceof ConsoleApiError ? RECEIPT_GONE[pdf.error.code] : undefined;
  useEffect(() => {
    if (gone) onBack(gone);
  }, [gone, onBack]);

  const send = async () => {
    // A double click lands here twice before React re-renders the disabled button.
    if (inFlight.current || sent || !confirmed || expired || !shown) return;
    inFlight.current = true;
    setSending(true);
    setError(null);
    const key = intent.take(token);
    try {
      const pkg = await sendPackage(template.id, token, key);
      intent.settle();
      setSent(true);
      onSent(pkg);
    } catch (err) {
      if (isUnsettled(err)) return confirm.start(err);
      intent.settle();
      const reason = err instanceof ConsoleApiError ? RECEIPT_GONE[err.code] : undefined;
      if (reason) return onBack(reason);
      setError({ message: err instanceof Error ? err.message : 'Sending failed.' });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const valueLabel = (key: string) => template.sender_fields.find((f) => f.key === key)?.label ?? key;
  const values = (preview.sender_values ?? input.sender_values) as Record<string, unknown>;
  const signers = preview.signers ?? input.signers;
  const days = preview.expires_in_days ?? input.expires_in_days;
  const ready = shown && confirmed && !expired && !sent && !confirming;

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby="review-doc" className="min-w-0 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        <h2 id="review-doc" className="mb-3 text-base font-semibold text-slate-900">
          Populated document
        </h2>
        {pdf.isPending && (
          <div role="status" aria-label="Loading the populated document" className="flex flex-col gap-3">
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-[28rem] w-full" />
          </div>
        )}
        {pdf.isError && !gone && (
          <ErrorState
            title="The populated document could not be loaded"
            message={pdf.error.message}
            onRetry={() => void pdf.refetch()}
          />
        )}
        {pdf.data && (
          <PdfViewer
            file={pdf.data}
            label={`Populated preview of ${template.name}`}
            heightClassName="h-[70vh] min-h-96"
            onLoad={() => setShown(true)}
          />
        )}
      </section>

      <aside
        aria-labelledby="review-summary"
        className="flex flex-col gap-3 self-start rounded-lg bg-white p-5 ring-1 ring-slate-200 lg:sticky lg:top-4"
      >
        <h2 id="review-summary" className="text-base font-semibold text-slate-900">
          Review before sending
        </h2>
        {confirm.status.state === 'confirming' ? (
          <SendConfirmation status={confirm.status} onTryNow={confirm.tryNow} />
        ) : (
          <div
            className={`rounded-md p-3 text-sm ${expired ? 'bg-red-50 text-red-900' : remaining < 120_000 ? 'bg-amber-50 text-amber-950' : 'bg-slate-50 text-slate-800'}`}
          >
            {expired ? (
              <div role="alert">
                <p className="font-semibold">This preview has expired.</p>
                <p>Receipts are valid 10 minutes. Nothing was sent; preview again with the same values.</p>
                <Button size="sm" className="mt-2" onClick={() => onBack('expired')}>
                  Preview again
                </Button>
              </div>
            ) : (
              <p>
                Receipt valid for <strong data-testid="receipt-remaining">{formatRemaining(remaining)}</strong>
                <span className="block text-xs">until {formatDateTime(preview.expires_at)} (server time)</span>
              </p>
            )}
          </div>
        )}
        <Summary title="Document">
          <p className="text-sm text-slate-800">
            {template.name}
            {preview.version_number ? `, version ${preview.version_number}` : ''}: {preview.prepared_pdf.page_count} pages,{' '}
            {formatBytes(preview.prepared_pdf.size_bytes)}
          </p>
        </Summary>
        <Summary title="Values">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {template.sender_fields.map((f) => (
              <div key={f.key} className="contents">
                <dt className="text-slate-600">{valueLabel(f.key)}</dt>
                <dd className="break-words text-slate-900">
                  {values[f.key] === undefined ? <span className="text-slate-500">(left empty)</span> : String(values[f.key])}
                </dd>
              </div>
            ))}
          </dl>
        </Summary>
        <Summary title="Recipients">
          <ul className="flex flex-col gap-2 text-sm">
            {signers.map((s) => (
              <li key={s.slot_id}>
                <span className="block text-xs text-slate-600">
                  {template.slots.find((x) => x.slot_id === s.slot_id)?.label ?? s.slot_id}
                </span>
                <span className="block font-medium text-slate-900">{s.name}</span>
                <span className="block text-slate-700">
                  {s.email} · {s.phone}
                </span>
              </li>
            ))}
          </ul>
        </Summary>
        <Summary title="Expiry">
          <p className="text-sm text-slate-800">
            {days} day{days === 1 ? '' : 's'} after sending: about {formatDate(new Date(now + days * DAY_MS).toISOString())} if
            sent now.
          </p>
        </Summary>
        <div className="border-t border-slate-200 pt-3">
          <div className="flex items-start gap-2">
            <input
              id={confirmId}
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-400 text-brand-600"
              checked={confirmed}
              disabled={!shown || expired || sending || sent || confirming}
              onChange={(e) => setConfirmed(e.target.checked)}
              aria-describedby={`${confirmId}-hint`}
            />
            <label htmlFor={confirmId} className="text-sm font-medium text-slate-900">
              I have reviewed the populated document, the values, the recipients and the expiry.
            </label>
          </div>
          <p id={`${confirmId}-hint`} className="mt-1 text-xs text-slate-600">
            {shown ? 'Required before sending.' : 'Available once the document is shown.'}
          </p>
        </div>
        <FormError error={error} />
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="secondary" onClick={() => onBack('edit')} disabled={sending || sent || confirming}>
            Edit details
          </Button>
          <Button onClick={() => void send()} disabled={!ready} busy={sending || sent || confirming}>
            {sent ? 'Sent' : sending ? 'Sending…' : confirming ? 'Confirming…' : 'Send for signature'}
          </Button>
        </div>
        <p className="text-xs text-slate-600">
          Editing any detail needs a new preview: what you send is exactly what you reviewed.
        </p>
      </aside>
    </div>
  );
}
