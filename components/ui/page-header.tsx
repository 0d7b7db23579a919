import { Card } from './card';
import { HelpLink } from './help-link';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          <HelpLink />
        </div>
        {description && <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex gap-2">{actions}</div>}
    </div>
  );
}

/** A definition list for a record's fields on detail pages. */
export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <Card as="dl" className="grid grid-cols-1 gap-x-6 gap-y-3 p-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{term}</dt>
          <dd className="mt-0.5 break-words text-sm text-slate-900">{value ?? '—'}</dd>
        </div>
      ))}
    </Card>
  );
}
