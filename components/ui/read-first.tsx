'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { isNotFound } from './is-not-found';
import { ErrorState, Skeleton } from './states';

/** A labelled placeholder of grey bars (Tailwind size classes), announced as loading. */
export function LoadingBars({ label, bars }: { label: string; bars: string[] }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {bars.map((size, i) => (
        // The bars never move: their position is their identity.
        <Skeleton key={i} className={size} />
      ))}
    </div>
  );
}

/**
 * What must be read before a form is drawn, so the form starts from it: bars while it loads,
 * its error with a retry unless it is simply not there, then the form with it (null when it
 * is not there, or was never asked for because its id could not be one).
 */
export function ReadFirst<T>({
  query,
  asked,
  what,
  bars,
  children,
}: {
  query: UseQueryResult<T, Error>;
  asked: boolean;
  /** "draft", "package": as the loading label and the error title name it */
  what: string;
  bars: string[];
  children(data: T | null): React.ReactNode;
}) {
  if (asked && query.isPending) return <LoadingBars label={`Loading the ${what}`} bars={bars} />;
  if (query.isError && !isNotFound(query.error))
    return (
      <ErrorState title={`The ${what} could not be loaded`} message={query.error.message} onRetry={() => void query.refetch()} />
    );
  return <>{children(query.data ?? null)}</>;
}
