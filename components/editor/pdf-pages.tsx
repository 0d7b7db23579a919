'use client';

import { PDF_OPTIONS } from '@/components/pdf/pdf-setup';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Document } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PageSize } from '@/lib/editor/geometry';
import { currentPage, PAGE_GAP, pageOffsets, visibleBand, visiblePages } from '@/lib/editor/virtual-pages';
import type { LayoutField } from '@/lib/documents/schemas';
import type { OverlayActions } from './field-overlay';
import { PageNav } from './page-nav';
import { PageSlot } from './page-slot';
import { ZoomControls, fitScale, type Zoom } from './zoom-controls';

export interface VisibleSpot {
  page: number;
  size: PageSize;
  /** the part of the page in view, in PDF points (y from the bottom) */
  band: { bottom: number; top: number };
}
export interface PdfPagesHandle {
  visibleSpot(): VisibleSpot | null;
  scrollToField(field: LayoutField): void;
}

export interface PdfPagesProps {
  bytes: Uint8Array;
  serverSizes?: PageSize[];
  fields: LayoutField[];
  selectedId: string | null;
  problemIds: ReadonlySet<string>;
  slots: string[];
  readOnly: boolean;
  actions: OverlayActions;
  onPageSizes(sizes: PageSize[]): void;
  handleRef: React.Ref<PdfPagesHandle>;
}

const PAD = 24;
const NONE: LayoutField[] = [];

/** The PDF's pages, virtualised, with the layout's fields drawn on them. */
export default function PdfPages({
  bytes,
  serverSizes,
  fields,
  selectedId,
  problemIds,
  slots,
  readOnly,
  actions,
  onPageSizes,
  handleRef,
}: PdfPagesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // pdf.js takes ownership of the buffer it is given: hand it a copy, once.
  const file = useMemo(() => ({ data: bytes.slice() }), [bytes]);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [measured, setMeasured] = useState<PageSize[] | null>(null);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [view, setView] = useState({ top: 0, height: 800, width: 800 });
  // The page the Previous/Next buttons went to, until the user scrolls: a short last page can
  // share the view with the page before it and would otherwise never count as the current one.
  const [pinned, setPinned] = useState<number | null>(null);
  const pinnedTop = useRef<number | null>(null);

  // The API's page sizes are what it validates against; pdf.js measures them when it gives none.
  const trusted = pdf && serverSizes?.length === pdf.numPages ? serverSizes : null;
  useEffect(() => {
    if (!pdf || trusted) return;
    let live = true;
    const pages = Array.from({ length: pdf.numPages }, (_, i) => pdf.getPage(i + 1).then((p) => p.getViewport({ scale: 1 })));
    void Promise.all(pages).then((vps) => live && setMeasured(vps.map((v) => ({ width: v.width, height: v.height }))));
    return () => void (live = false);
  }, [pdf, trusted]);
  const sizes = trusted ?? measured;
  useEffect(() => void (sizes && onPageSizes(sizes)), [sizes, onPageSizes]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight, width: el.clientWidth });
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const maxWidth = Math.max(1, ...(sizes ?? []).map((s) => s.width));
  const scale = zoom === 'fit' ? fitScale(view.width - 2 * PAD, maxWidth) : zoom;
  const heights = useMemo(() => (sizes ?? []).map((s) => s.height * scale), [sizes, scale]);
  const offsets = useMemo(() => pageOffsets(heights, PAGE_GAP).map((o) => o + PAD), [heights]);
  const near = visiblePages(offsets, heights, view.top, view.height, view.height);
  const current = pinned ?? currentPage(offsets, heights, view.top, view.height);
  const byPage = useMemo(() => {
    const map = new Map<number, LayoutField[]>();
    for (const f of fields) map.set(f.page, [...(map.get(f.page) ?? []), f]);
    return map;
  }, [fields]);

  const scrollTo = (top: number, page: number | null) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = Math.max(0, top);
    pinnedTop.current = page === null ? null : el.scrollTop;
    setPinned(page);
    setView((v) => ({ ...v, top: el.scrollTop }));
  };
  const goToPage = (i: number) => {
    if (!sizes) return;
    const page = Math.min(sizes.length - 1, Math.max(0, i));
    scrollTo(offsets[page]! - PAD / 2, page);
  };

  // Zooming keeps the same part of the document in view (the same page, if one was chosen).
  const lastScale = useRef(scale);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && lastScale.current !== scale) {
      el.scrollTop = pinned === null ? el.scrollTop * (scale / lastScale.current) : offsets[pinned]! - PAD / 2;
      if (pinned !== null) pinnedTop.current = el.scrollTop;
    }
    lastScale.current = scale;
  }, [scale, pinned, offsets]);

  useImperativeHandle(handleRef, () => ({
    visibleSpot() {
      const el = scroller.current;
      if (!el || !sizes) return null;
      const i = pinned ?? currentPage(offsets, heights, el.scrollTop, el.clientHeight);
      const size = sizes[i]!;
      const band = visibleBand(offsets[i]!, heights[i]!, el.scrollTop, el.clientHeight) ?? { from: 0, to: heights[i]! };
      return { page: i + 1, size, band: { top: size.height - band.from / scale, bottom: size.height - band.to / scale } };
    },
    scrollToField(field) {
      const el = scroller.current;
      const size = sizes?.[field.page - 1];
      if (!el || !size) return;
      const fieldTop = offsets[field.page - 1]! + (size.height - field.y - field.height) * scale;
      scrollTo(fieldTop - el.clientHeight / 3, null);
    },
  }));

  const total = (offsets.at(-1) ?? 0) + (heights.at(-1) ?? 0) + PAD;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-slate-200 bg-white px-3 py-1.5 text-sm text-slate-700">
        <PageNav current={current} count={sizes?.length ?? null} onGo={goToPage} />
        <ZoomControls scale={scale} zoom={zoom} onZoom={setZoom} />
      </div>
      <div
        ref={scroller}
        role="region"
        aria-label="Document pages"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (pinnedTop.current !== null && Math.abs(el.scrollTop - pinnedTop.current) > 1) {
            pinnedTop.current = null;
            setPinned(null);
          }
          setView((v) => (v.top === el.scrollTop ? v : { ...v, top: el.scrollTop }));
        }}
        className="relative min-h-0 flex-1 overflow-auto bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Document
          file={file}
          suspense={false}
          options={PDF_OPTIONS}
          onLoadSuccess={setPdf}
          loading={<p className="p-6 text-sm text-slate-700">Loading the PDF…</p>}
          error={<p className="p-6 text-sm text-red-800">The PDF could not be opened. Reload the page to try again.</p>}
        >
          {sizes && (
            <div className="relative" style={{ height: total, minWidth: maxWidth * scale + 2 * PAD }}>
              {sizes.map((size, i) => (
                <PageSlot
                  key={i}
                  pageNumber={i + 1}
                  size={size}
                  scale={scale}
                  top={offsets[i]!}
                  near={i >= near.first && i <= near.last}
                  fields={byPage.get(i + 1) ?? NONE}
                  selectedId={selectedId}
                  problemIds={problemIds}
                  slots={slots}
                  readOnly={readOnly}
                  {...actions}
                />
              ))}
            </div>
          )}
        </Document>
      </div>
    </div>
  );
}
