'use client';

import dynamic from 'next/dynamic';
import { PdfViewerSkeleton } from './pdf-viewer-skeleton';

export type { PageOverlayInfo, PageSize, PdfViewerProps } from './pdf-viewer';

/**
 * The PDF viewer, loaded only on pages that show a PDF: pdf.js stays out of every other
 * page's bundle and never runs on the server. Props: see PdfViewerProps in ./pdf-viewer.
 */
export const PdfViewer = dynamic(() => import('./pdf-viewer').then((m) => m.PdfViewer), {
  ssr: false,
  loading: () => (
    <div className="rounded-lg bg-slate-100 ring-1 ring-slate-200">
      <PdfViewerSkeleton className="h-[75vh] min-h-96" />
    </div>
  ),
});
