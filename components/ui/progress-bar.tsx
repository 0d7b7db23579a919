/**
 * A determinate progress bar with its percentage, announced as a progressbar. `name` is its
 * accessible name when the visible label leans on what surrounds it ("Uploading" in a file's row).
 */
export function ProgressBar({
  value,
  label,
  name = label,
  detail,
}: {
  value: number;
  label: string;
  name?: string;
  detail?: React.ReactNode;
}) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div>
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="tabular-nums text-slate-700">
          {pct}%{detail ? <span className="ml-2 text-slate-600">{detail}</span> : null}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}%`}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
