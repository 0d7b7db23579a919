'use client';

import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/field';
import { focusEntry, leaveEntry, ownsValue, typeEntry, type PointRange } from './number-entry';

interface NumberInputProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max'> {
  value: number;
  onCommit(value: number): void;
  /** what may be committed: a number outside is kept in the box as typed, not applied, and said */
  range?: PointRange;
  /** told why what is typed is not applied (out of range, with the bounds), and null once it is again */
  onRangeError?(message: string | null): void;
}

/**
 * A number typed in points: every parseable keystroke within range applies at once; a number
 * past the page stays in the box as typed, refused with its bounds, on leaving the box too
 * (number-entry.ts). What is not a number yet ("-", "12.") shows the field again on leaving.
 */
export function NumberInput({ value, onCommit, range, onRangeError, ...rest }: NumberInputProps) {
  const [entry, setEntry] = useState(() => focusEntry(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    // The field moved elsewhere (drag, nudge): show its new value, and a refusal goes with it.
    if (!ownsValue(entry, value)) setEntry(focusEntry(value));
  }
  // The panel shows the message under the box's label, with the server's own problems; told
  // when the message changes, not on every render (the panel's callback is new each time).
  const report = useRef(onRangeError);
  useEffect(() => {
    report.current = onRangeError;
  });
  useEffect(() => report.current?.(entry.message), [entry.message]);
  return (
    <Input
      {...rest}
      type="number"
      inputMode="decimal"
      step="any"
      min={range?.min}
      max={range?.max}
      value={entry.text}
      onFocus={(e) => {
        // Where a refused number puts the field back: where it is as this entry begins.
        if (!entry.message) setEntry((current) => ({ ...current, before: value }));
        rest.onFocus?.(e);
      }}
      onChange={(e) => {
        const step = typeEntry(entry, e.target.value, range);
        setEntry(step.state);
        if (step.apply !== null && step.apply !== value) onCommit(step.apply);
      }}
      onBlur={(e) => {
        setEntry(leaveEntry(entry, value));
        rest.onBlur?.(e);
      }}
    />
  );
}
