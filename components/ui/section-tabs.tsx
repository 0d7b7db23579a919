'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { Route } from 'next';

export interface SectionTab {
  href: string;
  label: string;
  /** current only on this very path, when another tab lives below it */
  exact?: boolean;
}

/**
 * An area's sub-navigation under the page header. A tab stays current on the pages below it
 * (a record's detail page keeps its list's tab lit), hence the prefix match.
 */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="mb-6 flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((t) => {
        const current = t.exact ? pathname === t.href : pathname.startsWith(t.href);
        return (
          <Link
            key={t.href}
            href={t.href as Route}
            aria-current={current ? 'page' : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${current ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
          >
            {t.label}
          </Link>
        );
      })}
    </nav>
  );
}
