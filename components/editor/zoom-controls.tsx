import { Button } from '@/components/ui/button';

export type Zoom = 'fit' | number;

const STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** The scale at which the widest page fills the pane, within sensible bounds. */
export const fitScale = (available: number, widest: number) =>
  Math.round(Math.min(2, Math.max(0.5, available / widest)) * 100) / 100;

export function ZoomControls({ scale, zoom, onZoom }: { scale: number; zoom: Zoom; onZoom(z: Zoom): void }) {
  const smaller = [...STEPS].reverse().find((s) => s < scale - 0.001);
  const larger = STEPS.find((s) => s > scale + 0.001);
  return (
    <div className="flex items-center gap-1" role="group" aria-label="Zoom">
      <Button variant="ghost" size="sm" aria-label="Zoom out" disabled={!smaller} onClick={() => smaller && onZoom(smaller)}>
        −
      </Button>
      <span className="w-12 text-center tabular-nums" aria-live="polite">
        {Math.round(scale * 100)}%
      </span>
      <Button variant="ghost" size="sm" aria-label="Zoom in" disabled={!larger} onClick={() => larger && onZoom(larger)}>
        +
      </Button>
      <Button variant="ghost" size="sm" aria-pressed={zoom === 'fit'} onClick={() => onZoom('fit')}>
        Fit width
      </Button>
    </div>
  );
}
