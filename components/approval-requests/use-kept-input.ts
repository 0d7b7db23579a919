'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { keptInputKey } from '@/lib/kept-work';

interface Kept<T> {
  values: T;
  savedAt: string;
}

function read<T>(key: string): Kept<T> | null {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as Kept<T> | null;
    return kept && typeof kept === 'object' && kept.values && typeof kept.savedAt === 'string' ? kept : null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage blocked or full: the input still lives in the form
  }
}

/**
 * Keeps a form's unsaved input in this browser under `scope` while it differs from the form's
 * defaults, so a reload or a closed tab loses none of it, and brings it back on the next visit.
 * `carried`: values brought over from another form (another workflow, a newer release), which
 * the form starts from instead, as unsaved input. The kept copy goes when the input is back to
 * its defaults, or with `discard()` once it is sent or given up.
 */
export function useKeptInput<T extends FieldValues>(form: UseFormReturn<T>, scope: string, carried?: T) {
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
      write(key, unchanged ? null : JSON.stringify({ values, savedAt: new Date().toISOString() }));
    });
    return () => subscription.unsubscribe();
  }, [form, key]);

  const discard = useCallback(() => write(key, null), [key]);
  return { restoredAt, discard };
}
