import type { RowDifference } from '@/lib/bulk/row-differences';

/** What this package changes from the one before it, so the eye goes there first. */
export function RowDifferencesBox({
  previousLine,
  differences,
  pages,
}: {
  previousLine: number;
  differences: RowDifference[];
  /** pages whose text differs from the previous row's document; null until both were read in this visit */
  pages: number[] | null;
}) {
  return (
    <section aria-labelledby="row-differences" className="rounded-md border border-amber-300 bg-amber-50 p-3">
      <h3 id="row-differences" className="mb-1 text-sm font-semibold text-amber-950">
        {differences.length === 0 ? `Same values and recipients as row ${previousLine}` : `Differs from row ${previousLine}`}
      </h3>
      {pages && (
        <p className="mb-1 text-sm text-amber-950" data-testid="pages-differing">
          {pages.length === 0
            ? 'Every page reads as in that document.'
            : `Text differs on page${pages.length === 1 ? '' : 's'} ${pages.join(', ')}.`}
        </p>
      )}
      {differences.length > 0 && (
        <ul className="flex flex-col gap-1.5 text-sm">
          {differences.map((d) => (
            <li key={d.label} className="min-w-0">
              <span className="block text-xs text-amber-950">{d.label}</span>
              <span className="break-words">
                <del className="text-slate-600">{d.before}</del>
                <span aria-hidden> → </span>
                <span className="sr-only"> now </span>
                <ins className="font-semibold text-slate-900 no-underline">{d.after}</ins>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
