'use client';

import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConsoleApiError } from '@/lib/api-error';
import { draftFromPackage } from '@/lib/package-drafts/draft-from-package';
import type { SignaturePackage } from '@/lib/packages/schemas';
import { Button } from '../ui/button';
import { useCreateDraft } from '@/lib/package-drafts/mutations';

/**
 * "Use as a new package": a new draft with this package's template, values and recipients,
 * opened on the send form. The button stays busy until the form opens, so a second click
 * cannot make a second draft (and a retried one carries the same key anyway).
 */
export function UseAsNewPackage({ pkg }: { pkg: SignaturePackage }) {
  const router = useRouter();
  const { run: create } = useCreateDraft();
  const [busy, setBusy] = useState(false);
  const input = draftFromPackage(pkg);
  if (!input) return null;
  const toastId = `use-as-new:${pkg.id}`;
  const start = async () => {
    setBusy(true);
    try {
      const draft = await create(input);
      // A failure toast of an earlier click is over once the same action has worked.
      toast.dismiss(toastId);
      router.push(`/packages/new?draft=${encodeURIComponent(draft.id)}` as Route);
    } catch (err) {
      setBusy(false);
      toast.error(
        err instanceof ConsoleApiError
          ? `The draft could not be made: ${err.message}`
          : 'The draft could not be made. Try again.',
        { id: toastId },
      );
    }
  };
  return (
    <Button variant="secondary" busy={busy} onClick={() => void start()}>
      Use as a new package
    </Button>
  );
}
