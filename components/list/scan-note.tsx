import { formatNumber } from '@/lib/format';
import type { ListScan } from '@/lib/list/schemas';

/** Under a list the console filtered itself: says when it could not read all of the app's records. */
export function ScanNote({ scan, noun }: { scan: ListScan | undefined; noun: string }) {
  if (!scan || scan.complete) return null;
  return (
    <p role="note" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      The dates were matched among the newest {formatNumber(scan.scanned)} {noun}; older ones were not read. Add a search or a
      status to reach them.
    </p>
  );
}
