'use client';

import { goToSignIn } from '@/lib/api-client';
import { Button } from '../ui/button';
import type { PdfFailure } from './pdf-errors';

/** Why the PDF is not shown, with what can be done about it: retry, or sign in again. */
export function PdfFailurePanel({ failure, onRetry }: { failure: PdfFailure; onRetry(): void }) {
  // A damaged or protected file, or a refusal, would fail the same way again.
  const retryable = failure.kind !== 'encrypted' && failure.kind !== 'invalid' && failure.kind !== 'forbidden';
  return (
    <div role="alert" className="mx-auto mt-10 max-w-md rounded-lg border border-red-200 bg-red-50 p-5 text-center">
      <p className="font-semibold text-red-900">The PDF could not be shown</p>
      <p className="mt-1 text-sm text-red-800">{failure.message}</p>
      {failure.kind === 'unauthenticated' ? (
        <Button size="sm" variant="secondary" className="mt-3" onClick={goToSignIn}>
          Sign in again
        </Button>
      ) : retryable ? (
        <Button size="sm" variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
