'use client';

import { useId } from 'react';
import { Input } from '../ui/field';

interface DayFieldProps {
  label: string;
  value?: string;
  min?: string;
  max?: string;
  onChange(day: string): void;
  /** the id of the message saying the range ends before it starts; both ends point at it */
  invalidBy?: string;
}

/** A whole UTC day (YYYY-MM-DD) as filters take it: one end of a day range. */
export function DayField({ label, value, min, max, onChange, invalidBy }: DayFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalidBy ? true : undefined}
        aria-describedby={invalidBy}
      />
    </div>
  );
}
