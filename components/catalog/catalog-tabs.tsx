'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { Route } from 'next';

const TABS = [
  { href: '/catalog/categories', label: 'Categories' },
  { href: '/catalog/request-templates', label: 'Request templates' },
  { href: '/catalog/approval-workflows', label: 'Approval workflows' },
  { href: '/catalog/request-forms', label: 'Request forms' },
  { href: '/catalog/document-sign-templates', label: 'Document-sign templates' },
] as const;

export function CatalogTabs() {
  const pathname = usePathname();
  return (
    <nav aria-label="Catalog" className="mb-6 flex flex-wrap gap-1 border-b border-slate-200">
      {TABS.map((t) => {
        const current = pathname.startsWith(t.href);
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
