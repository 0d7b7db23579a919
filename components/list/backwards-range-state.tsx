'use client';

import type { DateRangeParam } from '@/lib/list/date-ranges';

/**
 * In place of the list while a day range ends before it starts: nothing is asked and nothing
 * listed, so what the list showed before cannot pass for what matches.
 */
export function BackwardsRangeState({
  noun,
  backwards,
  update,
}: {
  /** what the list holds: "packages" */
  noun: string;
  /** the end days that come before their start */
  backwards: DateRangeParam[];
  update(patch: Partial<Record<DateRangeParam, null>>): void;
}) {
  return (
    <div role="status" className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-base font-semibold text-slate-900">No {noun} are listed: the end day is before the start day.</p>
      <p className="mt-1 text-sm text-slate-600">
        Nothing can match a range that ends before it starts. Change either day above.
      </p>
      <button
        type="button"
        className="mt-4 text-sm font-medium text-brand-700 underline"
        onClick={() => update(Object.fromEntries(backwards.map((p) => [p, null])))}
      >
        Clear the end day
      </button>
    </div>
  );
}
