import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditLog } from '@/components/admin/audit-log';
import { CLOCK_NAMES } from '@/lib/clocks';
import { PageHeader } from '@/components/ui/page-header';
import { Forbidden } from '@/components/shell/forbidden';
import { userWith } from '@/server/auth/page-access';

export const metadata: Metadata = { title: 'Audit log' };

export default async function AuditPage() {
  if (!(await userWith('audit:read'))) return <Forbidden area="The audit log" />;
  return (
    <>
      <PageHeader
        title="Audit log"
        description={`Who did what through the console: sign-ins, every change and every sandbox action, with the outcome, the Signing API's request id and the idempotency key. Times are UTC, on ${CLOCK_NAMES.console} (real time), not on ${CLOCK_NAMES.api} that dates packages and requests, which the sandbox can move ahead.`}
      />
      <Suspense>
        <AuditLog />
      </Suspense>
    </>
  );
}
