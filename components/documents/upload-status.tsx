'use client';

import Link from 'next/link';
import { formatBytes, formatRemaining } from '@/lib/format';
import { MAX_AUTO_RETRIES, percentOf, type Phase } from '@/lib/upload/upload-machine';
import { Button } from '../ui/button';
import { useSecondsLeft } from '../ui/countdown';
import { ProgressBar } from '../ui/progress-bar';
import { pagesText } from './document-facts';
import { documentsPath } from '@/lib/documents/paths';

interface Props {
  phase: Phase;
  fileName: string;
  onCancel(): void;
  onRetryNow(): void;
  onRetry(): void;
}

const Spinner = () => (
  <span className="size-4 shrink-0 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden />
);

function CancelButton({
  fileName,
  onCancel,
  variant = 'secondary',
}: {
  fileName: string;
  onCancel(): void;
  variant?: 'secondary' | 'ghost';
}) {
  return (
    <Button size="sm" variant={variant} onClick={onCancel} aria-label={`Cancel upload of ${fileName}`}>
      Cancel upload
    </Button>
  );
}

function Countdown({
  phase,
  fileName,
  onCancel,
  onRetryNow,
}: { phase: Extract<Phase, { kind: 'waiting' }> } & Pick<Props, 'fileName' | 'onCancel' | 'onRetryNow'>) {
  const left = useSecondsLeft(phase.until);
  return (
    <div role="status" className="rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">The upload service is busy.</p>
      <p className="mt-0.5">{phase.reason}</p>
      <p className="mt-2 font-medium tabular-nums">
        Retrying automatically in {formatRemaining(left * 1000 || 1)} (retry {phase.retries} of {MAX_AUTO_RETRIES}). The retry is
        the same upload, so no duplicate is created.
      </p>
      <div className="mt-3 flex gap-2">
        <Button size="sm" variant="secondary" onClick={onRetryNow} aria-label={`Retry now: ${fileName}`}>
          Retry now
        </Button>
        <CancelButton fileName={fileName} onCancel={onCancel} variant="ghost" />
      </div>
    </div>
  );
}

/** One file's state: checking, refusal, its turn, progress with cancel, the busy countdown, failure with retry, success. */
export function UploadStatus({ phase, fileName, onCancel, onRetryNow, onRetry }: Props) {
  switch (phase.kind) {
    case 'checking':
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-800">
          <Spinner />
          Checking type, size and pages…
        </p>
      );
    case 'invalid':
      return (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-600/30">
          {phase.message}
        </p>
      );
    case 'ready':
      return phase.notice ? (
        <p role="status" className="text-sm text-slate-700">
          {phase.notice}
        </p>
      ) : null;
    case 'queued':
      return (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-slate-700">
            Waiting for the upload before it to finish.
          </p>
          <CancelButton fileName={fileName} onCancel={onCancel} variant="ghost" />
        </div>
      );
    case 'uploading':
      return (
        <div className="flex flex-col gap-3">
          <ProgressBar
            value={percentOf(phase.loaded, phase.total)}
            label="Uploading"
            name={`Uploading ${fileName}`}
            detail={`${formatBytes(phase.loaded)} of ${formatBytes(phase.total)}`}
          />
          <div>
            <CancelButton fileName={fileName} onCancel={onCancel} />
          </div>
        </div>
      );
    case 'processing':
      return (
        <div className="flex flex-col gap-3">
          <ProgressBar value={100} label="Uploading" name={`Uploading ${fileName}`} />
          <p role="status" className="flex items-center gap-2 text-sm text-slate-800">
            <Spinner />
            Sent. The Signing API is checking and storing the PDF…
          </p>
          <div>
            <CancelButton fileName={fileName} onCancel={onCancel} />
          </div>
        </div>
      );
    case 'waiting':
      return <Countdown phase={phase} fileName={fileName} onCancel={onCancel} onRetryNow={onRetryNow} />;
    case 'failed':
      return (
        <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-600/30">
          <p className="font-semibold">The upload did not complete.</p>
          <p className="mt-0.5">{phase.message}</p>
          {phase.retryable && (
            <Button size="sm" className="mt-3" onClick={onRetry} aria-label={`Retry upload of ${fileName}`}>
              Retry upload
            </Button>
          )}
        </div>
      );
    case 'done':
      return (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p role="status" className="flex min-w-0 items-start gap-1.5 text-sm font-medium text-green-800">
            <span aria-hidden>✓</span>
            <span className="min-w-0 wrap-anywhere">
              “{phase.document.name}” was uploaded: {pagesText(phase.document.page_count)},{' '}
              {formatBytes(phase.document.size_bytes)}.
            </span>
          </p>
          <Link
            href={documentsPath(phase.document.id)}
            className="shrink-0 rounded-md bg-white px-2.5 py-1.5 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
          >
            View document<span className="sr-only"> {phase.document.name}</span>
          </Link>
        </div>
      );
  }
}
