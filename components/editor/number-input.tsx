'use client';

import { useState } from 'react';
import { Input } from '@/components/ui/field';

interface NumberInputProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  value: number;
  onCommit(value: number): void;
}

/**
 * A number typed in points: every parseable keystroke applies at once, and what is typed is
 * kept while it is not a number yet ("-", "12."), then restored from the field on blur.
 */
export function NumberInput({ value, onCommit, ...rest }: NumberInputProps) {
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
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(n)) onCommit(n);
      }}
      onBlur={() => setText(String(value))}
    />
  );
}
