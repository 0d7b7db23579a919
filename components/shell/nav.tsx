'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { Route } from 'next';
import { HomeBadge, homeLinkLabel, useNeedsYou } from '../home/home-badge';

export function Nav({ areas }: { areas: { key: string; label: string; href: string }[] }) {
  const pathname = usePathname();
  const needsYou = useNeedsYou(areas.some((a) => a.key === 'home'));
  return (
    <nav aria-label="Areas" className="flex flex-wrap gap-1">
      {areas.map((a) => {
        const current = pathname === a.href || (a.href !== '/' && pathname.startsWith(`${a.href}/`));
        return (
          <Link
            key={a.key}
            href={a.href as Route}
            aria-current={current ? 'page' : undefined}
            aria-label={a.key === 'home' ? homeLinkLabel(needsYou) : undefined}
            className={`rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-brand-700 text-white' : 'text-slate-100 hover:bg-slate-700'}`}
          >
            {a.label}
            {a.key === 'home' && <HomeBadge count={needsYou} />}
          </Link>
        );
      })}
    </nav>
  );
}
