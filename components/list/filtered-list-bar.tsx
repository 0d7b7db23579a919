'use client';

import type { DateRangeParam, DateRangeQuery } from '@/lib/list/date-ranges';
import type { ListScan } from '@/lib/list/schemas';
import type { SavedViewList } from '@/lib/saved-views/schemas';
import { SaveViewButton, viewOf } from '../saved-views/save-view-button';
import { DateRangeBar } from './date-range-bar';
import { ExportLink } from './export-link';
import { ScanNote } from './scan-note';
import type { ListParams } from './use-list-params';

interface FilteredListBarProps {
  list: SavedViewList;
  params: ListParams;
  update(patch: Partial<Record<DateRangeParam, string | null>>): void;
  /** the list's search and filter menus */
  toolbar: React.ReactNode;
  ranges: DateRangeQuery;
  /** a range ends before it starts: nothing to save or export */
  backwards: boolean;
  /** the list is narrowed by something: its view can be saved, its export says "filtered" */
  filtered: boolean;
  exportHref: string;
  scan: ListScan | undefined;
  /** what the list holds: "packages" */
  noun: string;
  /** more controls on the first row (a toggle) */
  children?: React.ReactNode;
}

/**
 * The controls of a list that narrows by days (packages, approval requests): search and
 * filters, "Save this view" and "Export CSV" of what it shows, the day ranges, and a note when
 * the ranges could not read all of the app's records.
 */
export function FilteredListBar({
  list,
  params,
  update,
  toolbar,
  ranges,
  backwards,
  filtered,
  exportHref,
  scan,
  noun,
  children,
}: FilteredListBarProps) {
  return (
    <>
      <div className="flex flex-wrap items-end gap-x-6">
        <div className="w-full min-w-0 md:w-auto md:flex-1">{toolbar}</div>
        <div className="mb-4 flex flex-wrap items-center gap-2">
          {filtered && !backwards && <SaveViewButton list={list} {...viewOf(list, params)} />}
          <ExportLink href={exportHref} filtered={filtered} disabled={backwards} />
        </div>
        {children}
      </div>
      <DateRangeBar values={ranges} update={update} noun={noun} />
      <ScanNote scan={scan} noun={noun} />
    </>
  );
}
