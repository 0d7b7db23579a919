'use client';
import Link from 'next/link';
import type { Route } from 'next';
import { usePathname } from 'next/navigation';
import { helpHref } from '@/lib/help/help-topics';

/** The screen's section of the user guide, served by the console itself. Chosen by path, so no page names its own. */
export function HelpLink() {
  const href = helpHref(usePathname());
  if (!href) return null;
  return (
    <Link
      href={href as Route}
      target="_blank"
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline print:hidden"
      aria-label="Help for this screen (opens in a new tab)"
    >
      <span
        aria-hidden="true"
        className="inline-flex h-4 w-4 items-center justify-center rounded-full border border-current text-xs leading-none"
      >
        ?
      </span>
      Help
    </Link>
  );
}
