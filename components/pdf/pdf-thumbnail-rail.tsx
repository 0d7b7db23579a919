'use client';

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Page } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PageSize } from './page-layout';

// Fixed-height tiles make the visible range simple arithmetic, as in the page column.
const TILE_HEIGHT = 112;
const THUMB_WIDTH = 64;
const THUMB_HEIGHT = 84;
const OVERSCAN = 3;

interface RailProps {
  pdf: PDFDocumentProxy;
  sizes: PageSize[];
  /** the page the reader is on */
  current: number;
  /** pages shown with a mark, e.g. those already reviewed */
  marked: ReadonlySet<number>;
  /** what the mark means, read out with each marked page ("reviewed") */
  markLabel: string;
  onJump(page: number): void;
  heightClassName: string;
}

/**
 * Small pictures of the pages beside the viewer. A tile near the rail's viewport draws its page
 * once into a canvas, which is then kept as an image and let go, so scrolling a long document
 * leaves no thumbnail canvases behind and never draws a thumbnail twice. One tile is in the tab
 * order and the arrow keys move between pages.
 */
export function PdfThumbnailRail({ pdf, sizes, current, marked, markLabel, onJump, heightClassName }: RailProps) {
  const rail = useRef<HTMLOListElement>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  const focusNext = useRef(false);
  const canvases = useRef(new Map<number, HTMLCanvasElement>());
  const [images, setImages] = useState<ReadonlyMap<number, string>>(() => new Map());
  const keepImage = (n: number) => {
    const canvas = canvases.current.get(n);
    if (!canvas) return;
    const url = canvas.toDataURL('image/png');
    canvases.current.delete(n);
    setImages((m) => new Map(m).set(n, url));
  };

  useEffect(() => {
    const el = rail.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setView({ top: el.scrollTop, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Keep the reader's page in the rail's view, without scrolling the window.
  useLayoutEffect(() => {
    const el = rail.current;
    if (!el) return;
    const top = (current - 1) * TILE_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + TILE_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + TILE_HEIGHT - el.clientHeight;
    if (focusNext.current) {
      focusNext.current = false;
      el.querySelector<HTMLButtonElement>(`[data-thumb="${current}"]`)?.focus({ preventScroll: true });
    }
  }, [current]);

  const first = Math.max(1, Math.floor(view.top / TILE_HEIGHT) + 1 - OVERSCAN);
  const last = Math.min(sizes.length, Math.ceil((view.top + view.height) / TILE_HEIGHT) + OVERSCAN);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const to = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 1, End: sizes.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const page = Math.min(Math.max(to, 1), sizes.length);
    focusNext.current = true;
    onJump(page);
  };

  return (
    <ol
      ref={rail}
      aria-label="Pages"
      onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
      onKeyDown={onKeyDown}
      className={`relative hidden w-28 shrink-0 overflow-y-auto border-r border-slate-200 bg-slate-50 md:block ${heightClassName}`}
    >
      <li aria-hidden className="block" style={{ height: sizes.length * TILE_HEIGHT }} />
      {sizes.map((size, i) => {
        const n = i + 1;
        const isMarked = marked.has(n);
        const isCurrent = n === current;
        const fit = Math.min(THUMB_WIDTH / size.width, THUMB_HEIGHT / size.height);
        return (
          <li key={n} className="absolute inset-x-0" style={{ top: i * TILE_HEIGHT, height: TILE_HEIGHT }}>
            <button
              type="button"
              data-thumb={n}
              tabIndex={isCurrent ? 0 : -1}
              aria-current={isCurrent ? 'page' : undefined}
              aria-label={`Page ${n}${isMarked ? `, ${markLabel}` : ''}`}
              onClick={() => onJump(n)}
              className="flex h-full w-full flex-col items-center justify-center gap-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
            >
              <span
                className={`relative flex items-center justify-center overflow-hidden bg-white ring-1 ${isCurrent ? 'ring-2 ring-brand-600' : 'ring-slate-300'}`}
                style={{ width: Math.round(size.width * fit), height: Math.round(size.height * fit) }}
              >
                {images.has(n) ? (
                  // A data URL drawn here: next/image has nothing to optimise or load.
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={images.get(n)} alt="" className="block size-full" />
                ) : n >= first && n <= last ? (
                  <Page
                    // Outside <Document> a Page suspends by default, and the viewer's Suspense
                    // boundary would then hide the whole viewer, losing its scroll position.
                    suspense={false}
                    pdf={pdf}
                    pageNumber={n}
                    width={Math.round(size.width * fit)}
                    devicePixelRatio={1}
                    renderTextLayer={false}
                    renderAnnotationLayer={false}
                    loading={null}
                    error={null}
                    canvasRef={(el) => {
                      if (el) canvases.current.set(n, el);
                    }}
                    onRenderSuccess={() => keepImage(n)}
                  />
                ) : null}
                {isMarked && (
                  <span
                    aria-hidden
                    className="absolute right-0.5 bottom-0.5 flex size-4 items-center justify-center rounded-full bg-emerald-600 text-[10px] font-bold text-white"
                  >
                    ✓
                  </span>
                )}
              </span>
              <span
                aria-hidden
                className={`text-xs tabular-nums ${isCurrent ? 'font-semibold text-brand-700' : 'text-slate-700'}`}
              >
                {n}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
