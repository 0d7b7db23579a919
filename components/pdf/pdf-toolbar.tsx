'use client';

import { useId, useState } from 'react';
import { MAX_ZOOM, MIN_ZOOM } from './page-layout';

interface ToolbarProps {
  label: string;
  page: number;
  pageCount: number | null;
  /** effective zoom as a fraction of 100 % */
  zoom: number | null;
  fitActive: boolean;
  onJump(page: number): void;
  onZoom(direction: 1 | -1): void;
  onFit(): void;
}

const BUTTON =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 aria-pressed:bg-brand-50 aria-pressed:text-brand-700';

/** Page position, previous/next, go to page, zoom out/in and fit width. */
export function PdfToolbar({ label, page, pageCount, zoom, fitActive, onJump, onZoom, onFit }: ToolbarProps) {
  const id = useId();
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ready = pageCount !== null && zoom !== null;
  const jump = (e: React.FormEvent) => {
    e.preventDefault();
    const n = Number(target);
    if (!pageCount || !Number.isInteger(n) || n < 1 || n > pageCount) {
      setProblem(`Enter a page from 1 to ${pageCount ?? 1}.`);
      return;
    }
    setProblem(null);
    setTarget('');
    onJump(n);
  };
  return (
    <div
      role="toolbar"
      aria-label={`${label} controls`}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-3 py-2"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <button
          type="button"
          className={BUTTON}
          onClick={() => onJump(page - 1)}
          disabled={!ready || page <= 1}
          aria-label="Previous page"
        >
          ‹
        </button>
        <span className="min-w-28 text-center tabular-nums">{ready ? `Page ${page} of ${pageCount}` : 'Loading pages…'}</span>
        <button
          type="button"
          className={BUTTON}
          onClick={() => onJump(page + 1)}
          disabled={!ready || page >= pageCount}
          aria-label="Next page"
        >
          ›
        </button>
        <form onSubmit={jump} className="ml-2 flex items-center gap-1.5" noValidate>
          <label htmlFor={`${id}-jump`} className="whitespace-nowrap text-sm">
            Go to page
          </label>
          <input
            id={`${id}-jump`}
            type="number"
            inputMode="numeric"
            min={1}
            max={pageCount ?? undefined}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            disabled={!ready}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-jump-error` : undefined}
            className="h-8 w-16 rounded-md border-0 px-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:ring-red-600"
          />
          <button type="submit" className={BUTTON} disabled={!ready}>
            Go
          </button>
        </form>
        {problem && (
          <span id={`${id}-jump-error`} role="alert" className="text-xs font-medium text-red-700">
            {problem}
          </span>
        )}
      </div>
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          className={BUTTON}
          onClick={() => onZoom(-1)}
          disabled={!ready || zoom <= MIN_ZOOM + 0.005}
          aria-label="Zoom out"
        >
          −
        </button>
        <span className="w-12 text-center text-sm tabular-nums text-slate-800">
          <span className="sr-only">Zoom </span>
          {ready ? `${Math.round(zoom * 100)}%` : '—'}
        </span>
        <button
          type="button"
          className={BUTTON}
          onClick={() => onZoom(1)}
          disabled={!ready || zoom >= MAX_ZOOM - 0.005}
          aria-label="Zoom in"
        >
          +
        </button>
        <button type="button" className={BUTTON} onClick={onFit} disabled={!ready} aria-pressed={fitActive}>
          Fit width
        </button>
      </div>
    </div>
  );
}
