'use client';

import { useEffect, useState } from 'react';
import { useWatch, type FieldPathByValue, type FieldValues, type PathValue, type UseFormReturn } from 'react-hook-form';
import { generatePassword } from '@/lib/generate-password';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';

interface Props<T extends FieldValues> {
  label: string;
  form: UseFormReturn<T>;
  name: FieldPathByValue<T, string>;
  error?: string;
}

/**
 * A new password for someone else: typed or generated, shown on request, and copied with a
 * button so it reaches the person intact. Used inside dialogs, so a failed copy is said here
 * rather than in a toast.
 */
export function PasswordField<T extends FieldValues>({ label, form, name, error }: Props<T>) {
  const value = useWatch({ control: form.control, name }) as string;
  // Checked at once only after a first submit, as typed text is.
  const generate = (password: string) =>
    form.setValue(name, password as PathValue<T, typeof name>, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
  const [reveal, setReveal] = useState(false);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyNow = () =>
    navigator.clipboard.writeText(value).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-end gap-2">
        <Field
          label={label}
          required
          error={error}
          hint="12 characters or more; Generate makes a strong one."
          className="min-w-48 flex-1"
        >
          <Input type={reveal ? 'text' : 'password'} autoComplete="new-password" {...form.register(name)} />
        </Field>
        <Button
          variant="secondary"
          onClick={() => setReveal((r) => !r)}
          aria-label={reveal ? 'Hide password' : 'Show password'}
          className="mb-5"
        >
          {reveal ? 'Hide' : 'Show'}
        </Button>
        <Button
          variant="secondary"
          className="mb-5"
          onClick={() => {
            generate(generatePassword());
            setReveal(true);
            setCopy('idle');
          }}
        >
          Generate
        </Button>
        <Button variant="secondary" className="mb-5" disabled={!value} onClick={() => void copyNow()} aria-label="Copy password">
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p role="status" className="text-xs text-red-700">
        {copy === 'failed' ? 'Could not copy to the clipboard: show the password, select it and copy it.' : ''}
      </p>
    </div>
  );
}
