'use client';

import { useNow } from '../ui/use-now';

function ago(ms: number) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ago` : `${Math.floor(m / 60)} h ago`;
}

/**
 * Tells the user the detail is live: when it last heard from the API and whether it is asking
 * now. Not a live region: a count ticking every second would drown a screen reader.
 */
export function PackageFreshness({ updatedAt, fetching, finished }: { updatedAt: number; fetching: boolean; finished: boolean }) {
  const now = useNow(1000, !finished);
  let text: string;
  if (fetching) text = 'Checking for changes…';
  else if (finished) text = 'This package is finished; it no longer changes.';
  else text = `Updated ${ago(now - updatedAt)}. Updates by itself while this tab is open.`;
  return (
    <p className="mb-4 text-xs text-slate-600" data-testid="package-freshness">
      {text}
    </p>
  );
}
