import { useId, type ComponentPropsWithRef, type ElementType, type ReactNode } from 'react';

const CARD = 'rounded-lg bg-white ring-1 ring-slate-200';

type CardProps<T extends ElementType> = { as?: T; className?: string } & Omit<ComponentPropsWithRef<T>, 'as' | 'className'>;

/** The console's card: white, rounded, a hairline ring. Padding and layout come from `className`. */
export function Card<T extends ElementType = 'div'>({ as, className, ...rest }: CardProps<T>) {
  const Tag: ElementType = as ?? 'div';
  return <Tag className={className ? `${CARD} ${className}` : CARD} {...rest} />;
}

interface SectionProps {
  title: string;
  /**
   * `card`: a card with a small heading (a detail page's blocks); `panel`: a card with a
   * heading row of title, description and actions (the sandbox panel's instruments); `page`:
   * the same heading row on the page itself, spaced from what comes before (catalog details).
   */
  variant?: 'card' | 'panel' | 'page';
  /** the heading's id; by default one derived from the title (`page`) or a generated one */
  id?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled block: a section labelled by its heading. */
export function Section({ title, variant = 'card', id, description, actions, children }: SectionProps) {
  const generated = useId();
  const headingId = id ?? (variant === 'page' ? `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : generated);
  const heading =
    variant === 'card' ? (
      <h2 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
    ) : (
      <div className={`flex flex-wrap justify-between gap-3 ${variant === 'panel' ? 'mb-4 items-start' : 'mb-3 items-end'}`}>
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
        </div>
        {actions}
      </div>
    );
  if (variant === 'page') {
    return (
      <section aria-labelledby={headingId} className="mt-8">
        {heading}
        {children}
      </section>
    );
  }
  return (
    <Card as="section" aria-labelledby={headingId} className="p-5">
      {heading}
      {children}
    </Card>
  );
}
