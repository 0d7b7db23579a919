import type { ReactNode } from 'react';
import { Card } from '../ui/card';

/** The tables' cells, numbers and links, alike in every figure. */
export const cell = 'border-b border-slate-100 py-1.5';
export const num = `${cell} text-right tabular-nums`;
/** A number of a wide table, spaced from its neighbour. */
export const wideNum = `${num} pl-3`;
export const link = 'text-brand-700 hover:underline';

/** A day, or a week as its first and last day. */
export const bucketLabel = (b: { from: string; to: string }, unit: 'day' | 'week') =>
  unit === 'day' || b.from === b.to ? b.from : `${b.from} – ${b.to}`;

/** One figure: its heading, what it counts, the chart and its table side by side (stacked on a phone), its CSV. */
export function FigureBlock({
  id,
  title,
  description,
  chart,
  table,
  csvHref,
  wide = false,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  chart?: ReactNode;
  table: ReactNode;
  csvHref?: string;
  /** a table of many columns: under its chart, the page's width, scrolled sideways from the keyboard too */
  wide?: boolean;
}) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="p-4" data-figure={id}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
        </div>
        {csvHref && (
          <a href={csvHref} className="text-sm font-medium text-brand-700 hover:underline" download>
            Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
          </a>
        )}
      </div>
      <div className={chart ? `grid grid-cols-1 gap-4 ${wide ? '' : 'lg:grid-cols-2'}` : ''}>
        {chart && <div className="min-w-0">{chart}</div>}
        {wide ? (
          // A region that scrolls must take the keyboard's focus, or its hidden columns are out of reach.
          // relative: the containing block of the cells' screen-reader text, which would otherwise
          // sit out past the page's edge on a phone and widen it.
          <div className="relative max-h-80 min-w-0 overflow-auto" tabIndex={0} role="region" aria-label={`${title}: table`}>
            {table}
          </div>
        ) : (
          <div className="max-h-80 min-w-0 overflow-auto">{table}</div>
        )}
      </div>
    </Card>
  );
}

/** A figure's table: a caption for screen readers, a header row, the rows. */
export function FigureTable({
  caption,
  head,
  children,
  wide = false,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
  /** many columns: spaced apart and kept readable, the block scrolling sideways on a phone */
  wide?: boolean;
}) {
  return (
    <table className={`w-full text-left text-sm ${wide ? 'min-w-[44rem]' : ''}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs text-slate-600">
        <tr>
          {head.map((h, i) => (
            <th
              key={h}
              scope="col"
              className={`border-b border-slate-200 py-1.5 font-medium ${i > 0 ? 'text-right' : ''} ${i > 0 && wide ? 'pl-3' : ''}`}
            >
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="text-slate-800">{children}</tbody>
    </table>
  );
}
