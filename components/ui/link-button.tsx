import Link from 'next/link';
import type { Route } from 'next';

const VARIANTS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary: 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand-600',
} as const;

/** A navigation link that looks like a Button (an action that opens a page). */
export function LinkButton({
  href,
  variant = 'primary',
  children,
}: {
  href: string;
  variant?: keyof typeof VARIANTS;
  children: React.ReactNode;
}) {
  return (
    <Link
      href={href as Route}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 ${VARIANTS[variant]}`}
    >
      {children}
    </Link>
  );
}
