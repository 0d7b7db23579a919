'use client';

import { useState } from 'react';
import { Input } from '@/components/ui/field';

interface NumberInputProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max'> {
  value: number;
  onCommit(value: number): void;
  /** what may be committed: a number outside is kept in the box, not applied, and said */
  range?: { min: number; max: number };
  /** told why what is typed is not applied (out of range), and null once it is again */
  onRangeError?(message: string | null): void;
}

/**
 * A number typed in points: every parseable keystroke within range applies at once, and what
 * is typed is kept while it is not a number yet ("-", "12.") or out of range, then restored
 * from the field on blur.
 */
export function NumberInput({ value, onCommit, range, onRangeError, ...rest }: NumberInputProps) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The field moved (drag, nudge, another field selected): show its new value.
    setShown(value);
    if (Number(text) !== value) setText(String(value));
  }
  return (
    <Input
      {...rest}
      type="number"
      inputMode="decimal"
      step="any"
      min={range?.min}
      max={range?.max}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() === '' || !Number.isFinite(n)) return;
        if (range && (n < range.min || n > range.max)) {
          onRangeError?.(n < range.min ? `At least ${range.min} on this page` : `At most ${range.max} on this page`);
          return;
        }
        onRangeError?.(null);
        onCommit(n);
      }}
      onBlur={() => {
        setText(String(value));
        onRangeError?.(null);
      }}
    />
  );
}
