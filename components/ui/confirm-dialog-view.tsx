'use client';

import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { ConsoleApiError } from '@/lib/api-error';
import { outcomeOf } from '@/lib/intents/intent-key';
import { notKnownYet } from '@/lib/forms/apply-api-error';
import { Button } from './button';
import { useReturnFocus } from './use-return-focus';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** names the item and says what will happen, so the user confirms the right thing */
  description: React.ReactNode;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** rejects to keep the dialog open with the error on display */
  onConfirm(): Promise<unknown>;
}

/**
 * A yes/no confirmation for a consequential action without further input (disable an
 * account, clear faults). Focus starts on Cancel; the dialog cannot be dismissed while the
 * action runs, and a failure stays in it with the API's message.
 */
export function ConfirmDialogView({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  tone = 'danger',
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const returnFocus = useReturnFocus();
  const change = (next: boolean) => {
    if (busy) return;
    setError(null);
    onOpenChange(next);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onOpenChange(false);
    } catch (err) {
      setBusy(false);
      // The dialog is where the failure is said (no toast besides): refused as the API wrote it, or not known yet.
      setError(
        outcomeOf(err) === 'unknown'
          ? notKnownYet(err)
          : err instanceof ConsoleApiError
            ? err.message
            : 'The request failed. Try again.',
      );
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{description}</AlertDialog.Description>
          {error && (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {error}
            </p>
          )}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={tone}
              busy={busy}
              onClick={(e) => {
                // AlertDialog.Action would close at once; this stays open until the outcome is known.
                e.preventDefault();
                void confirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
