import { useId } from 'react';

/** One instrument of the sandbox panel: a titled card with what it simulates. */
export function PanelSection({ title, description, children, className = '', actions }: { title: string; description: React.ReactNode; children: React.ReactNode; className?: string; actions?: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`rounded-lg bg-white p-5 ring-1 ring-slate-200 ${className}`}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
