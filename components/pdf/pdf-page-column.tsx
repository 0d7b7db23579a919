'use client';

import { PdfPageSlot, type PageOverlayInfo } from './pdf-page-slot';
import type { PageLayout, PageSize } from './page-layout';

interface ColumnProps {
  layout: PageLayout;
  sizes: PageSize[];
  scale: number;
  /** CSS pixels: the viewport's width, or the widest page's when it is wider */
  width: number;
  /** page numbers that get a canvas */
  rendered: Set<number>;
  renderPageOverlay?: (page: PageOverlayInfo) => React.ReactNode;
  onDrawn?: (pageNumber: number, drawn: boolean) => void;
}

/** Every page's fixed place, centred in a column as tall as the whole document. */
export function PdfPageColumn({ layout, sizes, scale, width, rendered, renderPageOverlay, onDrawn }: ColumnProps) {
  return (
    <div className="relative" style={{ height: layout.totalHeight, width }}>
      {layout.tops.map((top, i) => {
        const n = i + 1;
        const isRendered = rendered.has(n);
        const size = sizes[i]!;
        return (
          <PdfPageSlot
            key={n}
            pageNumber={n}
            pageCount={layout.tops.length}
            top={top}
            left={Math.floor((width - layout.widths[i]!) / 2)}
            width={layout.widths[i]!}
            height={layout.heights[i]!}
            scale={scale}
            rendered={isRendered}
            onDrawn={onDrawn}
            overlay={
              isRendered && renderPageOverlay
                ? renderPageOverlay({ pageNumber: n, width: size.width, height: size.height, scale })
                : undefined
            }
          />
        );
      })}
    </div>
  );
}
