'use client';

// pdf-setup first: it points pdf.js at the worker served from public/.
import { PDF_OPTIONS } from './pdf-setup';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Document } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { describePdfError, type PdfFailure } from './pdf-errors';
import { PdfFailurePanel } from './pdf-failure';
import { PdfPageColumn } from './pdf-page-column';
import { PdfThumbnailRail } from './pdf-thumbnail-rail';
import type { PageOverlayInfo } from './pdf-page-slot';
import { PdfToolbar } from './pdf-toolbar';
import { PdfViewerSkeleton } from './pdf-viewer-skeleton';
import { PageDwell } from './page-dwell';
import {
  anchorOf,
  COLUMN_PADDING,
  CSS_UNITS,
  currentPage,
  fitWidthScale,
  layoutPages,
  pagesOnScreen,
  pagesToRender,
  scrollTopForAnchor,
  scrollTopForPage,
  stepZoom,
  type PageSize,
} from './page-layout';
import { Card } from '../ui/card';

export type { PageOverlayInfo, PageSize };

export interface PdfViewerProps {
  /** a same-origin URL (e.g. /api/documents/{id}/content) or the PDF itself */
  file: string | Blob;
  /** names the PDF for screen readers, e.g. "PDF of contract.pdf" */
  label: string;
  /** height of the scrolling page area (a Tailwind class); 75 % of the window by default */
  heightClassName?: string;
  /** drawn over each rendered page, e.g. the editor's fields (coordinates: see PageOverlayInfo) */
  renderPageOverlay?: (page: PageOverlayInfo) => React.ReactNode;
  /** called once the page count and every page's size (in points) are known */
  onLoad?: (info: { pageCount: number; pageSizes: PageSize[] }) => void;
  /**
   * told which pages are on screen (half of the page, or half of the viewport) with their
   * canvas drawn, each time that changes; the same page may be reported again
   */
  onPagesSeen?: (pages: number[]) => void;
  /**
   * with it, a page is reported once only, after it has stayed on screen (`share` of it, or of
   * the viewport for a taller page, with its canvas drawn) for `ms`: a page scrolled past at
   * reading speed counts, one flung past does not
   */
  seenAfter?: { ms: number; share: number };
  /**
   * the smallest zoom (1 = 100 %) at which a page's text can be read: below it no page counts
   * as seen, and the viewer says so and offers that zoom (a phone's fit-width shows an A4 page
   * at about a third of its size, where no one can read it)
   */
  readableZoom?: number;
  /** scrolls to `page` each time `seq` changes */
  goTo?: { page: number; seq: number };
  /** a thumbnail rail beside the pages (from medium screens up), marking some pages */
  rail?: { marked: ReadonlySet<number>; markLabel: string };
}

type Zoom = { mode: 'auto' } | { mode: 'fit' } | { mode: 'custom'; value: number };

async function measurePages(pdf: PDFDocumentProxy): Promise<PageSize[]> {
  const numbers = Array.from({ length: pdf.numPages }, (_, i) => i + 1);
  return Promise.all(
    numbers.map(async (n) => {
      const viewport = (await pdf.getPage(n)).getViewport({ scale: 1 });
      return { width: viewport.width, height: viewport.height };
    }),
  );
}

const blobIds = new WeakMap<Blob, number>();
let nextBlobId = 0;
function fileKey(file: string | Blob): string {
  if (typeof file === 'string') return `url:${file}`;
  if (!blobIds.has(file)) blobIds.set(file, ++nextBlobId);
  return `blob:${blobIds.get(file)}`;
}

/**
 * A virtualised PDF viewer: every page keeps a fixed-size place, and only the few near the
 * viewport (at most MAX_RENDERED_PAGES) hold a canvas, so a 200-page PDF stays light.
 * No text or annotation layers. Loading, error with retry, page count, page jump and zoom.
 * Another file starts afresh (state, zoom and scroll position are per file).
 */
export function PdfViewer(props: PdfViewerProps) {
  return <Viewer key={fileKey(props.file)} {...props} />;
}

function Viewer({
  file,
  label,
  heightClassName = 'h-[75vh] min-h-96',
  renderPageOverlay,
  onLoad,
  onPagesSeen,
  readableZoom,
  seenAfter,
  goTo,
  rail,
}: PdfViewerProps) {
  const [attempt, setAttempt] = useState(0);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  // Pages whose canvas is drawn right now: only these can count as seen.
  const drawn = useRef(new Set<number>());
  const [drawnTick, setDrawnTick] = useState(0);
  const appliedGoTo = useRef<number | null>(null);
  const [sizes, setSizes] = useState<PageSize[] | null>(null);
  const [failure, setFailure] = useState<PdfFailure | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [zoom, setZoom] = useState<Zoom>({ mode: 'auto' });
  const [view, setView] = useState({ top: 0, height: 0, width: 0 });
  const scroller = useRef<HTMLDivElement>(null);
  const pendingAnchor = useRef<{ page: number; fraction: number } | null>(null);
  const loadRun = useRef(0);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setView((v) => ({ ...v, height: el.clientHeight, width: el.clientWidth })));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const fitZoom = sizes && view.width > 0 ? fitWidthScale(sizes, view.width) / CSS_UNITS : null;
  const zoomValue =
    fitZoom === null ? null : zoom.mode === 'fit' ? fitZoom : zoom.mode === 'auto' ? Math.min(fitZoom, 1) : zoom.value;
  const scale = zoomValue === null ? null : zoomValue * CSS_UNITS;
  const layout = useMemo(() => (sizes && scale ? layoutPages(sizes, scale) : null), [sizes, scale]);

  // After a zoom, put back the spot the reader was looking at.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!layout || !el || !pendingAnchor.current) return;
    el.scrollTop = scrollTopForAnchor(layout, pendingAnchor.current);
    pendingAnchor.current = null;
  }, [layout]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el) setView((v) => (v.top === el.scrollTop ? v : { ...v, top: el.scrollTop }));
  }, []);

  const onLoadSuccess = useCallback(
    (doc: PDFDocumentProxy) => {
      const run = loadRun.current;
      measurePages(doc).then(
        (measured) => {
          if (run !== loadRun.current) return;
          setPdf(doc);
          setSizes(measured);
          onLoad?.({ pageCount: measured.length, pageSizes: measured });
        },
        (err: unknown) => run === loadRun.current && setFailure(describePdfError(err)),
      );
    },
    [onLoad],
  );

  const retry = () => {
    loadRun.current++;
    setFailure(null);
    setSizes(null);
    setPdf(null);
    drawn.current.clear();
    setProgress(null);
    setAttempt((a) => a + 1);
  };

  const changeZoom = (next: Zoom) => {
    if (layout && scroller.current) pendingAnchor.current = anchorOf(layout, scroller.current.scrollTop);
    setZoom(next);
  };

  const jump = (page: number) => {
    if (layout && scroller.current) scroller.current.scrollTop = scrollTopForPage(layout, page);
  };

  const onDrawn = useCallback((page: number, isDrawn: boolean) => {
    if (isDrawn === drawn.current.has(page)) return;
    if (isDrawn) drawn.current.add(page);
    else drawn.current.delete(page);
    setDrawnTick((t) => t + 1);
  }, []);

  // Compared in whole percent, as the toolbar shows the zoom.
  const tooSmall =
    readableZoom !== undefined && zoomValue !== null && Math.round(zoomValue * 100) < Math.round(readableZoom * 100);
  const dwellMs = seenAfter?.ms;
  const seenShare = seenAfter?.share;
  const dwell = useMemo(() => (dwellMs === undefined ? null : new PageDwell(dwellMs)), [dwellMs]);
  // Bumped when a page on screen has stayed its dwell, so the look below runs again.
  const [dwellTick, setDwellTick] = useState(0);
  useEffect(() => {
    if (!layout || !onPagesSeen) return;
    if (tooSmall) return dwell?.reset();
    const onScreen = pagesOnScreen(layout, view.top, view.height, seenShare).filter((p) => drawn.current.has(p));
    if (!dwell) {
      if (onScreen.length > 0) onPagesSeen(onScreen);
      return;
    }
    const { due, checkAt } = dwell.look(onScreen, performance.now());
    if (due.length > 0) onPagesSeen(due);
    if (checkAt === null) return;
    const timer = setTimeout(() => setDwellTick((t) => t + 1), Math.max(0, checkAt - performance.now()));
    return () => clearTimeout(timer);
  }, [layout, view.top, view.height, drawnTick, dwellTick, onPagesSeen, tooSmall, dwell, seenShare]);

  // A request to show a page waits for the layout, and is carried out once.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!goTo || !layout || !el || appliedGoTo.current === goTo.seq) return;
    appliedGoTo.current = goTo.seq;
    el.scrollTop = scrollTopForPage(layout, goTo.page);
  }, [goTo, layout]);

  const rendered = useMemo(
    () => new Set(layout ? pagesToRender(layout, view.top, view.height, view.height / 2) : []),
    [layout, view.top, view.height],
  );
  const page = layout ? currentPage(layout, view.top, view.height) : 1;
  const columnWidth = layout ? Math.max(view.width, layout.maxWidth + 2 * COLUMN_PADDING) : 0;

  return (
    <Card as="section" aria-label={label} className="overflow-hidden">
      <PdfToolbar
        label={label}
        page={page}
        pageCount={layout ? layout.tops.length : null}
        zoom={zoomValue}
        fitActive={zoom.mode === 'fit'}
        onJump={jump}
        onZoom={(d) => zoomValue !== null && changeZoom({ mode: 'custom', value: stepZoom(zoomValue, d) })}
        onFit={() => changeZoom({ mode: 'fit' })}
      />
      {tooSmall && readableZoom !== undefined && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <span>
            At {Math.round((zoomValue ?? 0) * 100)} % the text is too small to read: pages count as reviewed from{' '}
            {Math.round(readableZoom * 100)} %.
          </span>
          <button
            type="button"
            onClick={() => changeZoom({ mode: 'custom', value: readableZoom })}
            className="rounded-md bg-white px-2.5 py-1 text-sm font-medium text-amber-950 ring-1 ring-amber-600/40 hover:bg-amber-100"
          >
            Zoom to {Math.round(readableZoom * 100)} %
          </button>
        </div>
      )}
      <div className="flex">
        {rail && pdf && sizes && layout && !failure ? (
          <PdfThumbnailRail
            pdf={pdf}
            sizes={sizes}
            current={page}
            marked={rail.marked}
            markLabel={rail.markLabel}
            onJump={jump}
            heightClassName={heightClassName}
          />
        ) : rail && !failure ? (
          // The rail's room, held while the document opens, so the pages do not move aside when it appears.
          <div aria-hidden className={`hidden w-28 shrink-0 border-r border-slate-200 bg-slate-50 md:block ${heightClassName}`} />
        ) : null}
        <div
          ref={scroller}
          onScroll={onScroll}
          tabIndex={0}
          role="region"
          aria-label={`${label}, pages`}
          className={`relative min-w-0 flex-1 overflow-auto bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${heightClassName}`}
        >
          {failure ? (
            <PdfFailurePanel failure={failure} onRetry={retry} />
          ) : (
            <Document
              key={attempt}
              file={file}
              options={PDF_OPTIONS}
              suspense={false}
              loading={<PdfViewerSkeleton progress={progress} />}
              error={null}
              onLoadProgress={({ loaded, total }) => total > 0 && setProgress(Math.min(100, Math.round((loaded / total) * 100)))}
              onLoadSuccess={onLoadSuccess}
              onLoadError={(err) => setFailure(describePdfError(err))}
              onSourceError={(err) => setFailure(describePdfError(err))}
              onPassword={() => setFailure(describePdfError({ name: 'PasswordException' }))}
            >
              {layout && sizes && scale ? (
                <PdfPageColumn
                  layout={layout}
                  sizes={sizes}
                  scale={scale}
                  width={columnWidth}
                  rendered={rendered}
                  renderPageOverlay={renderPageOverlay}
                  onDrawn={onDrawn}
                />
              ) : (
                <PdfViewerSkeleton progress={100} />
              )}
            </Document>
          )}
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {layout ? `${layout.tops.length} pages` : ''}
      </p>
    </Card>
  );
}
