'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { archivePackage, packageKeys, type PackageRecord } from '@/lib/packages/queries';
import { PACKAGE_TERMINAL } from '@/lib/packages/schemas';
import { statusWords } from '@/lib/status-labels';
import { Button } from '../ui/button';
import { ReasonDialog } from '../ui/reason-dialog';
import { useKeyedMutation } from '../../lib/use-keyed-mutation';

export const isTerminal = (status: string) => (PACKAGE_TERMINAL as readonly string[]).includes(status);

/**
 * Archiving is for finished packages only. An active one gets the explanation instead of the
 * button; should the API still refuse (PACKAGE_NOT_CLOSED), the dialog shows its message and
 * the page re-reads the package.
 */
export function PackageArchive({ pkg }: { pkg: PackageRecord }) {
  const [open, setOpen] = useState(false);
  // Every package view is read again after the answer: a refusal (PACKAGE_NOT_CLOSED) means
  // this page showed a stale status.
  const archive = useKeyedMutation({
    scope: 'pkg-archive',
    request: (reason: string, { idempotencyKey }) => archivePackage(pkg.id, reason, idempotencyKey),
    fingerprint: (reason) => `${pkg.id}:${reason}`,
    invalidates: [packageKeys.all],
    onDone() {
      toast.success('Package archived. Its events and document are kept.');
    },
  });
  // While the dialog is open it stays mounted even if a re-read shows the package active,
  // so the API's refusal stays on screen with the reason as typed.
  if (pkg.archived && !open) return null;
  const terminal = isTerminal(pkg.status);
  return (
    <>
      {terminal ? (
        <Button variant="danger" onClick={() => setOpen(true)}>
          Archive package
        </Button>
      ) : (
        <p className="max-w-sm text-sm text-slate-600">
          Only finished packages (completed, declined or expired) can be archived. This one is <strong>{statusWords('package', pkg.status)}</strong>.
        </p>
      )}
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Archive this package?"
        description={
          <>
            Package <code className="text-xs">{pkg.id}</code> ({pkg.template_name ?? pkg.template_id}) leaves the main list; its
            events and document are kept.
          </>
        }
        confirmLabel="Archive"
        onConfirm={archive.run}
      />
    </>
  );
}
