import Link from 'next/link';
import type { Route } from 'next';

/** The way back from a record to the list it belongs to, above the record's header. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <p className="mb-2 text-sm">
      <Link href={href as Route} className="font-medium text-brand-700 hover:underline">
        ← {children}
      </Link>
    </p>
  );
}
