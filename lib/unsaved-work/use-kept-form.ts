'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { inputKey } from './browser-store';
import { draftIsNewer, dropCopy, readCopy, writeCopy } from './local-copy';

// A form's values are checked by its own resolver when sent; from storage only their shape is taken.
const anyValues = <T>(raw: unknown) => (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as T) : null);

export interface KeptFormOptions<T> {
  /** the scope the copy is kept under (the form and what it is for); none: nothing is kept */
  scope?: string;
  /** values brought over from another form (another workflow, a newer release): the form starts from them, as unsaved input */
  carried?: T;
  /** the version of the console's draft the form started from, if any */
  draftVersion?: number;
}

export interface Restored {
  /** when the restored input was kept */
  at: string;
  /** the console's draft was saved again elsewhere after this input was typed over it */
  draftNewer: boolean;
}

/**
 * Keeps a form's unsaved input in this browser while it differs from the form's defaults, so a
 * reload or a closed tab loses none of it, and brings it back on the next visit (`restored`).
 * The copy goes when the input is back to its defaults, or with `discard()`.
 */
export function useKeptForm<T extends FieldValues>(form: UseFormReturn<T>, { scope, carried, draftVersion }: KeptFormOptions<T>) {
  const key = scope === undefined ? null : inputKey(scope);
  const [restored, setRestored] = useState<Restored | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Against the defaults, so the form counts as changed and leaving it asks first.
    if (carried) return form.reset(carried, { keepDefaultValues: true });
    const copy = key ? readCopy<T>(key, anyValues) : null;
    if (!copy) return;
    form.reset(copy.values, { keepDefaultValues: true });
    // Once, after hydration: storage is not there while the server renders.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRestored({ at: copy.savedAt, draftNewer: draftIsNewer(copy, draftVersion) });
  }, [form, key, carried, draftVersion]);

  useEffect(() => {
    if (!key) return;
    const subscription = form.watch((values) => {
      // The defaults as they are now: a saved draft resets them to what it saved.
      const unchanged = JSON.stringify(values) === JSON.stringify(form.formState.defaultValues);
      writeCopy(key, unchanged ? null : values, { over: draftVersion });
    });
    return () => subscription.unsubscribe();
  }, [form, key, draftVersion]);

  const discard = useCallback(() => {
    if (key) dropCopy(key);
  }, [key]);
  const settle = useCallback(() => setRestored(null), []);
  return { restored, discard, settle };
}
