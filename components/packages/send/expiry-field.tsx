'use client';

import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../ui/field';
import { useNow } from '../../ui/use-now';
import { EXPIRY_QUICK_PICKS, untilAbout } from '@/lib/packages/expiry';

interface ExpiryFieldProps {
  registration: UseFormRegisterReturn<'expires_in_days'>;
  /** the days as typed, '' until the sender chooses */
  value: string;
  error?: string;
  onPick(days: number): void;
}

/**
 * "Days to sign": common lengths as one-click choices beside a free number. A choice only
 * fills the number, so the number is always what is sent and a typed 21 is as good as a pick.
 */
export function ExpiryField({ registration, value, error, onPick }: ExpiryFieldProps) {
  const id = useId();
  const now = useNow(60_000);
  const until = untilAbout(value, now);
  const noteId = `${id}-note`;
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Days to sign
        <span className="text-red-700" aria-hidden>
          {' '}
          *
        </span>
      </label>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div role="group" aria-label="Common lengths" className="inline-flex rounded-md shadow-sm">
          {EXPIRY_QUICK_PICKS.map((days, i) => {
            const picked = value.trim() === String(days);
            return (
              <button
                key={days}
                type="button"
                aria-pressed={picked}
                onClick={() => onPick(days)}
                className={`px-3 py-1.5 text-sm font-medium ring-1 ring-inset focus-visible:relative focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed ${
                  i === 0 ? 'rounded-l-md' : '-ml-px'
                } ${i === EXPIRY_QUICK_PICKS.length - 1 ? 'rounded-r-md' : ''} ${
                  picked
                    ? 'relative z-10 bg-brand-600 text-white ring-brand-600'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'
                }`}
              >
                {days} days
              </button>
            );
          })}
        </div>
        <span className="flex items-center gap-2 text-sm text-slate-700">
          <span aria-hidden>or</span>
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            step={1}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={noteId}
            className="w-20"
            {...registration}
          />
          <span aria-hidden>days</span>
        </span>
      </div>
      {error ? (
        <p id={noteId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id={noteId} className="text-xs text-slate-600">
          {until ? `If sent now: until about ${until}.` : 'Pick a common length or enter 1 to 365 whole days.'}
        </p>
      )}
    </div>
  );
}
