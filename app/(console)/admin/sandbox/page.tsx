import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ClockCard } from '@/components/admin/sandbox/clock-card';
import { FaultsCard } from '@/components/admin/sandbox/faults-card';
import { RecipientsCard } from '@/components/admin/sandbox/recipients-card';
import { ReleasesCard } from '@/components/admin/sandbox/releases-card';
import { ReviewerCard } from '@/components/admin/sandbox/reviewer-card';
import { SignTemplateCard } from '@/components/admin/sandbox/sign-template-card';
import { PageHeader } from '@/components/ui/page-header';
import { sandboxControl } from '@/server/env';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Sandbox' };

// Against a real workspace host there is no control plane, so there is no panel either.
export default async function SandboxPage() {
  if (!(await userWith('sandbox:control'))) return <Forbidden area="The sandbox panel" />;
  if (sandboxControl() === null) notFound();
  return (
    <>
      <PageHeader
        title="Sandbox"
        description="Play the world an API key cannot reach — reviewers, recipients, the platform’s designers, time and failures — so every journey can be rehearsed. Every action here is recorded in the audit log."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <ClockCard />
        <div className="lg:col-span-2">
          <ReviewerCard />
        </div>
        <div className="lg:col-span-3">
          <RecipientsCard />
        </div>
        <div className="lg:col-span-3">
          <FaultsCard />
        </div>
        <div className="lg:col-span-3">
          <ReleasesCard />
        </div>
        <div className="lg:col-span-3">
          <SignTemplateCard />
        </div>
      </div>
    </>
  );
}
