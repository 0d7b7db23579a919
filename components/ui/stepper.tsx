/** Where a multi-step flow stands: finished steps are ticked, the current one is announced as the current step. */
export function Stepper({ steps, current, label = 'Progress' }: { steps: readonly string[]; current: number; label?: string }) {
  return (
    <ol aria-label={label} className="mb-6 flex flex-wrap items-center gap-2 text-sm">
      {steps.map((step, i) => {
        const done = i < current;
        const here = i === current;
        return (
          <li key={step} aria-current={here ? 'step' : undefined} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden className={`h-px w-8 ${done || here ? 'bg-brand-600' : 'bg-slate-300'}`} />}
            <span
              aria-hidden
              className={`flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                done
                  ? 'bg-brand-600 text-white'
                  : here
                    ? 'bg-white text-brand-700 ring-2 ring-brand-600'
                    : 'bg-white text-slate-600 ring-1 ring-slate-300'
              }`}
            >
              {done ? '✓' : i + 1}
            </span>
            <span className={here ? 'font-semibold text-slate-900' : done ? 'text-slate-800' : 'text-slate-600'}>
              {step}
              {done && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
