'use client';

import { useId } from 'react';
import { backwardsRanges, DATE_RANGES, type DateRangeParam, type DateRangeQuery } from '@/lib/list/date-ranges';
import { DayField } from './day-field';

interface DateRangeBarProps {
  values: DateRangeQuery;
  update(patch: Partial<Record<DateRangeParam, string | null>>): void;
  /** what the list holds, for the hint: "packages" */
  noun: string;
}

/** When a list's records were sent and last updated, each a range of whole UTC days kept in the URL. */
export function DateRangeBar({ values, update, noun }: DateRangeBarProps) {
  const id = useId();
  const backwards = backwardsRanges(values);
  return (
    <div className="mb-4">
      <div className="flex flex-wrap items-start gap-x-8 gap-y-3">
        {DATE_RANGES.map(({ key, label }) => {
          const from = values[`${key}_from`];
          const to = values[`${key}_to`];
          const errorId = backwards.includes(`${key}_to`) ? `${id}-${key}` : undefined;
          return (
            <fieldset key={key} className="min-w-0">
              <legend className="sr-only">{label} between these days (UTC, both included)</legend>
              <div className="flex flex-wrap items-end gap-2">
                <DayField
                  label={`${label} from`}
                  value={from}
                  max={to}
                  onChange={(d) => update({ [`${key}_from`]: d || null })}
                  invalidBy={errorId}
                />
                <DayField
                  label={`${label} to`}
                  value={to}
                  min={from}
                  onChange={(d) => update({ [`${key}_to`]: d || null })}
                  invalidBy={errorId}
                />
              </div>
              {errorId && (
                <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-700">
                  The end day is before the start day: nothing can match.
                </p>
              )}
            </fieldset>
          );
        })}
      </div>
      <p className="mt-1 text-xs text-slate-600">
        Days in UTC, both ends included. The API cannot filter {noun} by date, so the console reads the newest ones and keeps
        those in range.
      </p>
    </div>
  );
}
