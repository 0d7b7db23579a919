import Link from 'next/link';

/** Shown instead of an area the user's roles do not open. */
export function Forbidden({ area }: { area: string }) {
  return (
    <div role="alert" className="mx-auto mt-10 max-w-lg rounded-lg bg-white p-8 text-center ring-1 ring-slate-200">
      <h1 className="text-xl font-semibold text-slate-900">{area} is not available to your role</h1>
      <p className="mt-2 text-sm text-slate-600">Ask an administrator for the role you need.</p>
      <Link href="/catalog" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        Go to the catalog
      </Link>
    </div>
  );
}
