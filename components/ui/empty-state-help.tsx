'use client';
import Link from 'next/link';
import type { Route } from 'next';
import { usePathname } from 'next/navigation';
import { helpHref } from '@/lib/help/help-topics';

/** Under a first-time empty list: the guide's section for this screen, in this tab (it is what to read next). */
export function EmptyStateHelp() {
  const href = helpHref(usePathname());
  if (!href) return null;
  return (
    <p className="mt-3 text-sm">
      <Link href={href as Route} className="font-medium text-brand-700 underline underline-offset-2">
        How this screen works, in the guide
      </Link>
    </p>
  );
}
