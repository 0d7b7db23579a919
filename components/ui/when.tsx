'use client';

import { formatDate, formatDateTime } from '@/lib/format';
import { useReaderLocales } from './use-reader-locales';

/** A date and time on one line (a narrow column wraps around it, not through it). */
export function When({ at, prefix, seconds }: { at: string | null | undefined; prefix?: string; seconds?: boolean }) {
  const locales = useReaderLocales();
  if (!at) return <>—</>;
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {prefix}
      {formatDateTime(at, { seconds }, locales)}
    </time>
  );
}

/** The UTC day of an instant, in the reader's order of day, month and year. */
export function Day({ at }: { at: string | null | undefined }) {
  return <>{formatDate(at, useReaderLocales())}</>;
}

/** An instant's UTC date and time as plain text, in the reader's locale. */
export function DateTime({ at }: { at: string | null | undefined }) {
  return <>{formatDateTime(at, {}, useReaderLocales())}</>;
}
