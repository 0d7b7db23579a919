'use client';

import { forwardRef, useId } from 'react';

interface ReviewConfirmProps {
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
  /** what the sender confirms having reviewed */
  label: string;
  /** what is still to see, or what confirming does */
  hint: string;
}

/** The sender's confirmation under a review's summary, with what is left to see beneath it. */
export const ReviewConfirm = forwardRef<HTMLInputElement, ReviewConfirmProps>(function ReviewConfirm(
  { checked, disabled, onChange, label, hint },
  ref,
) {
  const id = useId();
  return (
    <div className="border-t border-slate-200 pt-3">
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-400 text-brand-600"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600" data-testid="review-left">
        {hint}
      </p>
    </div>
  );
});
