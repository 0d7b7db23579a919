'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useArchivePackage } from '@/lib/packages/mutations';
import type { SignaturePackage } from '@/lib/packages/schemas';
import { isTerminal } from '@/lib/packages/statuses';
import { statusWords } from '@/lib/status-labels';
import { Button } from '../ui/button';
import { ReasonDialog } from '../ui/reason-dialog';

/**
 * Archiving is for finished packages only. An active one gets the explanation instead of the
 * button; should the API still refuse (PACKAGE_NOT_CLOSED), the dialog shows its message and
 * the page re-reads the package.
 */
export function PackageArchive({ pkg }: { pkg: SignaturePackage }) {
  const [open, setOpen] = useState(false);
  const archive = useArchivePackage(pkg.id, {
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
          Only finished packages (completed, declined or expired) can be archived. This one is{' '}
          <strong>{statusWords('package', pkg.status)}</strong>.
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
