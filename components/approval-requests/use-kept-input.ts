'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { keptInputKey, readKept, writeKept } from '@/lib/kept-work';
import { useLeaveGuard } from '../ui/use-leave-guard';

interface Kept<T> {
  values: T;
  savedAt: string;
}

function read<T>(key: string): Kept<T> | null {
  try {
    const kept = JSON.parse(readKept(key) ?? 'null') as Kept<T> | null;
    return kept && typeof kept === 'object' && kept.values && typeof kept.savedAt === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a form's unsaved input in this browser under `scope` while it differs from the form's
 * defaults, so a reload or a closed tab loses none of it, and brings it back on the next visit.
 * `carried`: values brought over from another form (another workflow, a newer release), which
 * the form starts from instead, as unsaved input. The kept copy goes when the input is back to
 * its defaults, or with `discard()` once it is sent. Leaving within the console with unsaved
 * input asks first (`guard`, until `done`); `leave` is the dialog's Leave, which drops the copy.
 */
export function useKeptInput<T extends FieldValues>(
  form: UseFormReturn<T>,
  scope: string,
  { carried, done = false }: { carried?: T; done?: boolean } = {},
) {
  const key = keptInputKey(scope);
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Against the defaults, so the form counts as changed and leaving it asks first.
    if (carried) return form.reset(carried, { keepDefaultValues: true });
    const kept = read<T>(key);
    if (!kept) return;
    form.reset(kept.values, { keepDefaultValues: true });
    // Once, after hydration: storage is not there while the server renders.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestoredAt(kept.savedAt);
  }, [form, key, carried]);

  useEffect(() => {
    const subscription = form.watch((values) => {
      // The defaults as they are now: a saved draft resets them to what it saved.
      const unchanged = JSON.stringify(values) === JSON.stringify(form.formState.defaultValues);
      writeKept(key, unchanged ? null : JSON.stringify({ values, savedAt: new Date().toISOString() }));
    });
    return () => subscription.unsubscribe();
  }, [form, key]);

  const discard = useCallback(() => writeKept(key, null), [key]);
  // A reload or a closed tab asks nothing: the input is kept and comes back.
  const guard = useLeaveGuard(form.formState.isDirty && !done, { unload: false });
  const leave = () => {
    discard();
    guard.leave();
  };
  return { restoredAt, discard, guard, leave };
}
