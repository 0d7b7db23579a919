'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { Route } from 'next';

const TABS = [
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/audit', label: 'Audit log' },
] as const;

/** The Admin area's sub-navigation; the Sandbox tab exists only on the embedded sandbox. */
export function AdminTabs({ sandbox }: { sandbox: boolean }) {
  const pathname = usePathname();
  const tabs = sandbox ? [...TABS, { href: '/admin/sandbox', label: 'Sandbox' } as const] : TABS;
  return (
    <nav aria-label="Admin" className="mb-6 flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((t) => {
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
