'use client';

import { memo, useEffect, useRef } from 'react';
import { Page } from 'react-pdf';
import type { PDFPageProxy } from 'pdfjs-dist';

/**
 * What an overlay (the editor's fields) needs to place itself on a rendered page. The overlay
 * sits in a box covering the page; a point (x, y) in PDF points from the page's bottom-left
 * is at left = x * scale, top = (height - y) * scale in CSS pixels.
 */
export interface PageOverlayInfo {
  pageNumber: number;
  /** page size in PDF points */
  width: number;
  height: number;
  /** CSS pixels per PDF point */
  scale: number;
}

interface SlotProps {
  pageNumber: number;
  pageCount: number;
  top: number;
  left: number;
  /** CSS pixels */
  width: number;
  height: number;
  scale: number;
  /** only pages near the viewport get a canvas; the rest keep their place empty */
  rendered: boolean;
  overlay?: React.ReactNode;
  /** told when the page's canvas has been drawn, and when it is taken away again */
  onDrawn?: (pageNumber: number, drawn: boolean) => void;
}

// A canvas costs width × height × 4 bytes; above this many device pixels the sharpness is
// lowered instead of the memory raised.
const MAX_CANVAS_PIXELS = 16_000_000;

function pixelRatio(width: number, height: number) {
  const wanted = Math.min(typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1, 2);
  return Math.max(0.5, Math.min(wanted, Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, width * height))));
}

/** One page's fixed-size place in the column, with a canvas only while it is near the viewport. */
export const PdfPageSlot = memo(function PdfPageSlot({
  pageNumber,
  pageCount,
  top,
  left,
  width,
  height,
  scale,
  rendered,
  overlay,
  onDrawn,
}: SlotProps) {
  const page = useRef<PDFPageProxy | null>(null);
  // Leaving the viewport frees what pdf.js kept for drawing this page.
  useEffect(() => {
    if (!rendered) return;
    return () => {
      page.current?.cleanup();
      page.current = null;
      onDrawn?.(pageNumber, false);
    };
  }, [rendered, onDrawn, pageNumber]);
  const placeholder = (
    <span className="absolute inset-0 flex items-center justify-center text-sm text-slate-600" aria-hidden>
      Page {pageNumber}
    </span>
  );
  return (
    <div
      className="absolute bg-white shadow-sm ring-1 ring-slate-300"
      style={{ top, left, width, height }}
      data-page={pageNumber}
      role="group"
      aria-label={`Page ${pageNumber} of ${pageCount}`}
    >
      {rendered ? (
        <Page
          pageNumber={pageNumber}
          scale={scale}
          renderTextLayer={false}
          renderAnnotationLayer={false}
          devicePixelRatio={pixelRatio(width, height)}
          loading={placeholder}
          error={
            <span className="absolute inset-0 flex items-center justify-center px-4 text-center text-sm text-red-800">
              Page {pageNumber} could not be drawn.
            </span>
          }
          onLoadSuccess={(p) => {
            page.current = p;
          }}
          onRenderSuccess={() => onDrawn?.(pageNumber, true)}
          onRenderError={() => onDrawn?.(pageNumber, false)}
        />
      ) : (
        placeholder
      )}
      {rendered && overlay ? <div className="absolute inset-0">{overlay}</div> : null}
    </div>
  );
});
