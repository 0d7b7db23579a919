import type { Metadata } from 'next';
import { SendPackageFlow } from '@/components/packages/send/send-package-flow';
import { Forbidden } from '@/components/shell/forbidden';
import { PageHeader } from '@/components/ui/page-header';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Send a package' };

export default async function NewPackagePage({ searchParams }: { searchParams: Promise<{ template?: string }> }) {
  const [user, { template }] = await Promise.all([userWith('packages:send'), searchParams]);
  if (!user) return <Forbidden area="Sending packages" />;
  return (
    <>
      <PageHeader title="Send a package" description="Fill in a document-sign template, review the populated document, then send it for signature." />
      <SendPackageFlow initialTemplateId={template ?? null} />
    </>
  );
}
