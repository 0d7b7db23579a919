'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConsoleApiError } from '@/lib/api-error';
import { archivePackage, packageKeys, type PackageRecord } from '@/lib/queries/packages';
import { PACKAGE_TERMINAL } from '@/lib/schemas/packages';
import { Button } from '../ui/button';
import { ReasonDialog } from '../ui/reason-dialog';
import { isUnsettled, useIntentKey } from '../ui/use-intent-key';

export const isTerminal = (status: string) => (PACKAGE_TERMINAL as readonly string[]).includes(status);

/**
 * Archiving is for finished packages only. An active one gets the explanation instead of the
 * button; should the API still refuse (PACKAGE_NOT_CLOSED), the dialog shows its message and
 * the page re-reads the package.
 */
export function PackageArchive({ pkg }: { pkg: PackageRecord }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const intent = useIntentKey('pkg-archive');
  // While the dialog is open it stays mounted even if a re-read shows the package active,
  // so the API's refusal stays on screen with the reason as typed.
  if (pkg.archived && !open) return null;
  const terminal = isTerminal(pkg.status);
  const confirm = async (reason: string) => {
    const key = intent.take(`${pkg.id}:${reason}`);
    try {
      await archivePackage(pkg.id, reason, key);
      intent.settle();
    } catch (err) {
      if (!isUnsettled(err)) intent.settle();
      if (err instanceof ConsoleApiError && err.code === 'PACKAGE_NOT_CLOSED') void client.invalidateQueries({ queryKey: packageKeys.item(pkg.id) });
      throw err;
    }
    toast.success('Package archived. Its events and document are kept.');
    await client.invalidateQueries({ queryKey: packageKeys.all });
  };
  return (
    <>
      {terminal ? (
        <Button variant="danger" onClick={() => setOpen(true)}>
          Archive package
        </Button>
      ) : (
        <p className="max-w-sm text-sm text-slate-600">
          Only finished packages (completed, declined or expired) can be archived. This one is <strong>{pkg.status}</strong>.
        </p>
      )}
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Archive this package?"
        description={
          <>
            Package <code className="text-xs">{pkg.id}</code> ({pkg.template_name ?? pkg.template_id}) leaves the main list; its events and document are kept.
          </>
        }
        confirmLabel="Archive"
        onConfirm={confirm}
      />
    </>
  );
}
