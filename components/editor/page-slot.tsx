'use client';

import { Page } from 'react-pdf';
import type { PageSize } from '@/lib/editor/geometry';
import type { LayoutField } from '@/lib/documents/schemas';
import { FieldOverlay, type OverlayActions } from './field-overlay';

interface PageSlotProps extends OverlayActions {
  pageNumber: number;
  size: PageSize;
  scale: number;
  top: number;
  /** near the viewport: render the canvas and the fields; otherwise a sized placeholder */
  near: boolean;
  fields: LayoutField[];
  selectedId: string | null;
  problemIds: ReadonlySet<string>;
  slots: string[];
  readOnly: boolean;
}

/** One page at its real size; pages far from the viewport keep no canvas (DESIGN.md section 7). */
export function PageSlot({
  pageNumber,
  size,
  scale,
  top,
  near,
  fields,
  selectedId,
  problemIds,
  slots,
  readOnly,
  ...actions
}: PageSlotProps) {
  const width = size.width * scale;
  const height = size.height * scale;
  return (
    <div
      role="group"
      aria-label={`Page ${pageNumber}`}
      data-editor-page={pageNumber}
      className="absolute bg-white shadow-md ring-1 ring-slate-300"
      style={{ top, left: `calc(50% - ${width / 2}px)`, width, height }}
    >
      {near ? (
        <Page
          pageNumber={pageNumber}
          scale={scale}
          renderTextLayer={false}
          renderAnnotationLayer={false}
          loading={<div className="size-full animate-pulse bg-slate-100" />}
          error={<p className="p-4 text-sm text-red-800">Page {pageNumber} could not be drawn.</p>}
        />
      ) : null}
      <div
        className="absolute inset-0"
        onMouseDown={(e) => {
          if (e.target === e.currentTarget) actions.onSelect(null);
        }}
      >
        {near &&
          fields.map((f) => (
            <FieldOverlay
              key={f.id}
              field={f}
              page={size}
              scale={scale}
              slots={slots}
              selected={f.id === selectedId}
              hasProblem={problemIds.has(f.id)}
              readOnly={readOnly}
              {...actions}
            />
          ))}
      </div>
      <span className="pointer-events-none absolute -top-0 right-full mr-2 text-xs text-slate-600" aria-hidden>
        {pageNumber}
      </span>
    </div>
  );
}
