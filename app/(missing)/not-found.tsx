import type { Metadata } from 'next';
import { LinkButton } from '@/components/ui/link-button';

export const metadata: Metadata = { title: 'Page not found' };

/** A path no page answers, or a page that found nothing to show: the way back is the navigation above. */
export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="mt-2 text-sm text-slate-700">
        Nothing is at this address. It may have been mistyped, or a link pointed to a page that no longer exists. The areas
        above lead on; home shows what needs you.
      </p>
      <div className="mt-6 flex justify-center">
        <LinkButton href="/">Go to home</LinkButton>
      </div>
    </div>
  );
}
