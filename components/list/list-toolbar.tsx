'use client';

import { useEffect, useState } from 'react';
import { SearchField, SelectField } from '../ui/field';
import type { ListParams } from './use-list-params';

export interface FilterDef {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  /** the options could not be read: the filter says so and offers to read them again */
  failed?: { retry(): void };
  /** the options' read is failing and being retried: who is not answering, and a retry now */
  struggling?: { headline: string; retry(): void };
}

interface ToolbarProps {
  params: ListParams;
  update(patch: Record<string, string | number | null>): void;
  searchLabel: string;
  /** what the search looks at, where it is more than names and ids */
  searchPlaceholder?: string;
  filters?: FilterDef[];
}

/** Search (applied after a pause in typing, at most 100 characters) and filter menus. */
export function ListToolbar({
  params,
  update,
  searchLabel,
  searchPlaceholder = 'Search by name or id',
  filters = [],
}: ToolbarProps) {
  const [text, setText] = useState(params.q);
  // The URL may change under the box (back button, "clear filters"): follow it.
  const [shownQ, setShownQ] = useState(params.q);
  if (params.q !== shownQ) {
    setShownQ(params.q);
    setText(params.q);
  }
  useEffect(() => {
    if (text === params.q || text.length > 100) return;
    const timer = setTimeout(() => update({ q: text.trim() || null }), 300);
    return () => clearTimeout(timer);
  }, [text, params.q, update]);

  return (
    <div role="search" className="mb-4 flex flex-wrap items-end gap-3">
      <SearchField
        label={searchLabel}
        className="min-w-64 flex-1"
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={text.length > 100 ? `Search is limited to 100 characters (${text.length} typed).` : undefined}
        placeholder={searchPlaceholder}
      />
      {filters.map((f) => (
        <div key={f.name}>
          <SelectField
            label={f.label}
            value={params.filters[f.name] ?? ''}
            onChange={(e) => update({ [f.name]: e.target.value || null })}
            blank="All"
            options={f.options}
          />
          {f.struggling && !f.failed && (
            <p role="status" data-testid="filter-options-struggle" className="mt-1 max-w-56 text-xs font-medium text-amber-900">
              {f.struggling.headline}: the options are not loaded yet.{' '}
              <button type="button" className="underline" onClick={f.struggling.retry}>
                Retry now
              </button>
            </p>
          )}
          {f.failed && (
            <p role="alert" className="mt-1 max-w-56 text-xs font-medium text-red-700">
              Its options could not be loaded.{' '}
              <button type="button" className="underline" onClick={f.failed.retry}>
                Try again
              </button>
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
