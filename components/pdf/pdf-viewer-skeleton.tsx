import { Skeleton } from '../ui/states';

/** What the viewer shows while pdf.js or the document loads: the viewer's own shape. */
export function PdfViewerSkeleton({ progress, className = '' }: { progress?: number | null; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex flex-col items-center gap-3 px-4 py-6 ${className}`}>
      <p className="text-sm font-medium text-slate-700">
        Loading PDF{progress !== null && progress !== undefined ? `… ${progress}%` : '…'}
      </p>
      <Skeleton className="aspect-[1/1.414] w-full max-w-md bg-white ring-1 ring-slate-200" />
    </div>
  );
}
