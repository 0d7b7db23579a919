import Link from 'next/link';
import { Card } from '../ui/card';

/** Shown instead of an area the user's roles do not open. */
export function Forbidden({ area }: { area: string }) {
  return (
    <Card role="alert" className="mx-auto mt-10 max-w-lg p-8 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{area} is not available to your role</h1>
      <p className="mt-2 text-sm text-slate-600">Ask an administrator for the role you need.</p>
      <Link href="/" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        Go to home
      </Link>
    </Card>
  );
}
