/** A determinate progress bar with its percentage, announced as a progressbar. */
export function ProgressBar({ value, label, detail }: { value: number; label: string; detail?: React.ReactNode }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="tabular-nums text-slate-700">
          {pct}%{detail ? <span className="ml-2 text-slate-600">{detail}</span> : null}
        </span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}%`} className="h-2.5 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
