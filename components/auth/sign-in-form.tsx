'use client';

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { errorFrom } from '@/lib/api-client';
import type { SignInInput } from '@/lib/auth/schemas';
import { safeRedirectPath } from '@/lib/security/safe-redirect';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';
import { FormError } from '../ui/form-error';
import { lazyResolver } from '../ui/lazy-resolver';

// The schema (and zod) load at the first submit: the sign-in page is the first any visitor loads.
const resolver = lazyResolver(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('@/lib/auth/schemas')]).then(([{ zodResolver }, { signInSchema }]) =>
    zodResolver(signInSchema),
  ),
);

export function SignInForm({ next, notice }: { next: string | null; notice: string | null }) {
  const form = useForm<SignInInput>({ resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const refused = errors.root?.message;
  const { setFocus } = form;
  // After a refusal the password (cleared) is where the user types next; the fieldset is
  // disabled while submitting, so focus moves once it is enabled again.
  useEffect(() => {
    if (refused && !isSubmitting) setFocus('password');
  }, [refused, isSubmitting, setFocus]);
  const submit = form.handleSubmit(async (values) => {
    const res = await fetch('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(values),
    }).catch(() => null);
    if (!res) return form.setError('root', { message: 'The console could not be reached. Try again.' });
    if (!res.ok) {
      const error = await errorFrom(res);
      form.setValue('password', '');
      return form.setError('root', { message: error.message });
    }
    // A full load drops every cached query of the previous session.
    window.location.assign(safeRedirectPath(next, window.location.origin));
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {notice && (
        <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-brand-700">
          {notice}
        </p>
      )}
      <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
        <Field label="E-mail" error={errors.email?.message} required>
          <Input type="email" autoComplete="username" autoFocus {...form.register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message} required>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <FormError error={errors.root} />
        <Button type="submit" busy={isSubmitting}>
          Sign in
        </Button>
      </fieldset>
    </form>
  );
}
