'use client';

import { toast } from '@/components/ui/toast';
import { useDismissHomeItem } from '@/lib/home/mutations';
import { Button } from '../ui/button';

/** Puts one failure aside on home, for this user alone: it is still in the audit log. */
export function DismissButton({ itemKey, title }: { itemKey: string; title: string }) {
  const dismiss = useDismissHomeItem({
    onFailed(err, { outcome }) {
      if (outcome === 'refused') toast.error(err instanceof Error ? err.message : 'It could not be dismissed.');
    },
  });
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={dismiss.pending}
      onClick={() => void dismiss.run({ key: itemKey })}
      aria-label={`Dismiss “${title}” from Went wrong`}
    >
      Dismiss
    </Button>
  );
}
