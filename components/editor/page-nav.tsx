import { Button } from '@/components/ui/button';

interface PageNavProps {
  /** 0-based index of the page in view */
  current: number;
  /** null while the page sizes are being read */
  count: number | null;
  onGo(page: number): void;
}

/**
 * Previous / Next page and where the view is. At either end the button stays focusable
 * (aria-disabled, not disabled): pressing Next onto the last page must not drop keyboard focus.
 */
export function PageNav({ current, count, onGo }: PageNavProps) {
  if (count === null) return <span aria-live="polite">Loading pages…</span>;
  const atFirst = current <= 0;
  const atLast = current >= count - 1;
  const step = (blocked: boolean, page: number) => () => {
    if (!blocked) onGo(page);
  };
  const dim = 'aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent';
  return (
    <div role="group" aria-label="Pages" className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        aria-label="Previous page"
        aria-disabled={atFirst}
        onClick={step(atFirst, current - 1)}
        className={dim}
      >
        <span aria-hidden>‹</span>
        <span className="hidden sm:inline">Previous</span>
      </Button>
      <span aria-live="polite" className="whitespace-nowrap tabular-nums">
        {`Page ${current + 1} of ${count}`}
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Next page"
        aria-disabled={atLast}
        onClick={step(atLast, current + 1)}
        className={dim}
      >
        <span className="hidden sm:inline">Next</span>
        <span aria-hidden>›</span>
      </Button>
    </div>
  );
}
