import { formatDateTime } from '@/lib/format';

/** A date and time on one line (a narrow column wraps around it, not through it). */
export function When({ at, prefix }: { at: string | null | undefined; prefix?: string }) {
  if (!at) return <>—</>;
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {prefix}
      {formatDateTime(at)}
    </time>
  );
}
