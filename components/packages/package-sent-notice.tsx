'use client';

import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Stepper } from '../ui/stepper';
import { SEND_STEPS } from './send/steps';

/**
 * The "queued, not delivered" notice right after a send, shown once and while the package is
 * still queued: the `sent=1` marker is
 * dropped from the address at once, so a reload or a shared link does not claim a fresh send,
 * while the notice stays for this visit.
 */
export function PackageSentNotice({ justSent, status }: { justSent: boolean; status: string }) {
  const router = useRouter();
  const [show] = useState(justSent);
  useEffect(() => {
    if (!justSent) return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has('sent')) return;
    url.searchParams.delete('sent');
    router.replace(`${url.pathname}${url.search}${url.hash}` as Route, { scroll: false });
  }, [justSent, router]);
  // Only while it is true: once the package moved on (delivered, signed, declined, expired), the
  // status below says what happened and "nobody has signed" would be false.
  if (!show || status !== 'queued') return null;
  return (
    <div role="status" className="mb-4 rounded-lg bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-600/30">
      <Stepper steps={SEND_STEPS} current={SEND_STEPS.length} label="Send progress" />
      <p className="font-semibold">Package sent.</p>
      <p>
        Delivery is queued: the invitations have not been delivered yet, and nobody has signed or given consent. That is not yet
        delivery, and not a signature. The status below follows each signer and updates by itself.
      </p>
    </div>
  );
}
