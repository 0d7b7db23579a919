'use client';

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useEffect, useRef, useState } from 'react';
import { Card } from '../ui/card';

/**
 * Whether the element's content is wider than the element (it scrolls sideways), and whether
 * more of it lies to the right of what is shown.
 */
export function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [state, setState] = useState({ scrolls: false, more: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const scrolls = el.scrollWidth > el.clientWidth + 1;
      const more = scrolls && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setState((s) => (s.scrolls === scrolls && s.more === more ? s : { scrolls, more }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);
  return [ref, state.scrolls, state.more] as const;
}

/**
 * Said and shown where a table is wider than the screen: a line above it and a fade on its
 * right edge while columns lie beyond it, so no one takes the visible columns for all of them.
 */
export function ScrollCue({ more }: { more: boolean }) {
  if (!more) return null;
  return (
    <p aria-hidden className="mb-1 text-right text-xs font-medium text-slate-600" data-testid="scroll-cue">
      More columns to the right: scroll sideways →
    </p>
  );
}

/** A column's own classes, on its header and every cell (e.g. `hidden sm:table-cell` for a column a phone shows elsewhere). */
const classOf = (meta: unknown) =>
  typeof meta === 'object' && meta !== null && 'className' in meta && typeof meta.className === 'string' ? meta.className : '';

export const FADE = 'pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white to-transparent';

/** A plain, accessible table over TanStack Table; sorting and paging happen on the server. */
export function DataTable<T>({ columns, data, caption }: { columns: ColumnDef<T, unknown>[]; data: T[]; caption: string }) {
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns fresh functions each render by design
  const table = useReactTable({ columns, data, getCoreRowModel: getCoreRowModel() });
  const [scroller, scrolls, more] = useScrollsSideways<HTMLDivElement>();
  return (
    <div>
      <ScrollCue more={more} />
      <div className="relative">
        {/* relative: the sr-only texts in cells are absolutely placed, and without a positioned
        scroller they escape it and widen the whole page on a narrow screen. A table wider than
        the screen scrolls here, and then the keyboard can reach it too (a tab stop of its own). */}
        <Card
          ref={scroller}
          {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': `${caption}, scrolls sideways` })}
          className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => (
                    <th
                      key={header.id}
                      scope="col"
                      className={`px-4 py-2.5 text-left font-semibold text-slate-800 ${classOf(header.column.columnDef.meta)}`}
                    >
                      {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="hover:bg-slate-50">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={`px-4 py-2.5 align-top text-slate-800 ${classOf(cell.column.columnDef.meta)}`}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        {more && <div aria-hidden className={`${FADE} rounded-r-lg`} />}
      </div>
    </div>
  );
}
