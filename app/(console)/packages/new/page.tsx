import type { Metadata } from 'next';
import { SendPackageEntry } from '@/components/packages/send/send-package-entry';
import { Forbidden } from '@/components/shell/forbidden';
import { PdfWorkerPreload } from '@/components/pdf/pdf-worker-preload';
import { PageHeader } from '@/components/ui/page-header';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Send a package' };

export default async function NewPackagePage({ searchParams }: { searchParams: Promise<{ template?: string; draft?: string; from?: string; review?: string }> }) {
  const [user, { template, draft, from, review }] = await Promise.all([userWith('packages:send'), searchParams]);
  if (!user) return <Forbidden area="Sending packages" />;
  return (
    <>
      {/* The review step shows the populated PDF: its worker is in the cache by then. */}
      <PdfWorkerPreload />
      <PageHeader title="Send a package" description="Fill in a document-sign template, review the populated document, then send it for signature." />
      {/* A link to another draft (or to none) starts afresh; saving only rewrites the address in place. */}
      <SendPackageEntry
        key={draft ?? (from ? `from:${from}` : review ? `review:${review}` : `template:${template ?? ''}`)}
        initialTemplateId={template ?? null}
        draftId={draft ?? null}
        fromPackageId={from ?? null}
        reviewId={review ?? null}
      />
    </>
  );
}
