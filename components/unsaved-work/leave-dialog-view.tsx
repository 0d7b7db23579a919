'use client';

import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button } from '../ui/button';
import { useReturnFocus } from '../ui/use-return-focus';

export interface LeaveDialogProps {
  open: boolean;
  what: string;
  onStay(): void;
  onLeave(): void;
  /** a way to keep the work before leaving ("Save and leave"); leaving follows only once it is kept */
  save?: { label: string; busy: boolean; run(): void };
}

/** "Leave this page?" for a guarded form; focus starts on Stay so Enter never discards input. */
export function LeaveDialogView({ open, what, onStay, onLeave, save }: LeaveDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onStay()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">Leave this page?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            Your unsaved {what} will be lost{save ? ` unless you choose “${save.label}”` : ''}.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Stay</Button>
            </AlertDialog.Cancel>
            {save && (
              // Not an AlertDialog.Action: the dialog stays open while the save runs, and the
              // page leaves only once it is kept; a failure keeps the user here with the work.
              <Button busy={save.busy} onClick={save.run}>
                {save.label}
              </Button>
            )}
            <AlertDialog.Action asChild>
              <Button variant="danger" onClick={onLeave} disabled={save?.busy}>
                Leave
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
