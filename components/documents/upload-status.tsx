'use client';

import Link from 'next/link';
import { formatBytes, formatRemaining } from '@/lib/format';
import { MAX_AUTO_RETRIES, percentOf, type Phase } from '@/lib/upload/upload-machine';
import { Button } from '../ui/button';
import { useSecondsLeft } from '../ui/countdown';
import { ProgressBar } from '../ui/progress-bar';
import { pagesText } from './document-facts';
import { documentsPath } from './document-paths';

interface Props {
  phase: Phase;
  fileName: string;
  onCancel(): void;
  onRetryNow(): void;
  onRetry(): void;
  onAnother(): void;
}

function Countdown({ phase, onCancel, onRetryNow }: { phase: Extract<Phase, { kind: 'waiting' }> } & Pick<Props, 'onCancel' | 'onRetryNow'>) {
  const left = useSecondsLeft(phase.until);
  return (
    <div role="status" className="rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">The upload service is busy.</p>
      <p className="mt-0.5">{phase.reason}</p>
      <p className="mt-2 font-medium tabular-nums">
        Retrying automatically in {formatRemaining(left * 1000 || 1)} (retry {phase.retries} of {MAX_AUTO_RETRIES}). The retry is the same upload, so no duplicate is created.
      </p>
      <div className="mt-3 flex gap-2">
        <Button size="sm" variant="secondary" onClick={onRetryNow}>
          Retry now
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel upload
        </Button>
      </div>
    </div>
  );
}

/** Progress with percentage and cancel, the busy countdown, failures with retry, and success. */
export function UploadStatus({ phase, fileName, onCancel, onRetryNow, onRetry, onAnother }: Props) {
  switch (phase.kind) {
    case 'uploading':
      return (
        <div className="flex flex-col gap-3">
          <ProgressBar value={percentOf(phase.loaded, phase.total)} label={`Uploading ${fileName}`} detail={`${formatBytes(phase.loaded)} of ${formatBytes(phase.total)}`} />
          <div>
            <Button size="sm" variant="secondary" onClick={onCancel}>
              Cancel upload
            </Button>
          </div>
        </div>
      );
    case 'processing':
      return (
        <div className="flex flex-col gap-3">
          <ProgressBar value={100} label={`Uploading ${fileName}`} />
          <p role="status" className="flex items-center gap-2 text-sm text-slate-800">
            <span className="size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden />
            Sent. The Signing API is checking and storing the PDF…
          </p>
          <div>
            <Button size="sm" variant="secondary" onClick={onCancel}>
              Cancel upload
            </Button>
          </div>
        </div>
      );
    case 'waiting':
      return <Countdown phase={phase} onCancel={onCancel} onRetryNow={onRetryNow} />;
    case 'failed':
      return (
        <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-600/30">
          <p className="font-semibold">The upload did not complete.</p>
          <p className="mt-0.5">{phase.message}</p>
          <div className="mt-3">
            {phase.retryable ? (
              <Button size="sm" onClick={onRetry}>
                Retry upload
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onClick={onAnother}>
                Choose another file
              </Button>
            )}
          </div>
        </div>
      );
    case 'done':
      return (
        <div role="status" className="rounded-md bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-600/30">
          <p className="font-semibold">
            “{phase.document.name}” was uploaded: {pagesText(phase.document.page_count)}, {formatBytes(phase.document.size_bytes)}.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link href={documentsPath(phase.document.id)} className="rounded-md bg-brand-600 px-2.5 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
              View document
            </Link>
            <Button size="sm" variant="secondary" onClick={onAnother}>
              Upload another PDF
            </Button>
          </div>
        </div>
      );
    default:
      return null;
  }
}
