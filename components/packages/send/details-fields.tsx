'use client';

import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { Field, Input } from '../../ui/field';
import { ExpiryField } from './expiry-field';
import type { SendFormValues } from '@/lib/packages/send-form';
import { Card } from '../../ui/card';
import { E164, normalisePhone } from '@/lib/packages/phone';
import { repeatedSigners, repeatedSignerWarning } from '@/lib/packages/repeated-signers';
import type { SignerContact } from '../../recipients/fill-from-book';
import { RecipientSuggestions } from '../../recipients/recipient-suggestions';

const NO_SIGNER: SignerContact = { name: '', email: '', phone: '' };

function Group({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card as="fieldset" className="p-5">
      <legend className="float-left mb-1 w-full text-base font-semibold text-slate-900">{title}</legend>
      {description && <p className="clear-both mb-3 text-sm text-slate-600">{description}</p>}
      <div className="clear-both grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </Card>
  );
}

/** What a send asks for, as the template shapes it: its values, one signer per slot, and the expiry. */
export function DetailsFields({ template, form }: { template: SignTemplate; form: UseFormReturn<SendFormValues> }) {
  const { errors } = form.formState;
  const days = useWatch({ control: form.control, name: 'expires_in_days' });
  const signers = useWatch({ control: form.control, name: 'signers' });
  const lists = useId();
  // A signer's empty fields take what the recipient book holds for the address (or name) typed.
  const fillSigner = (i: number) => (fill: Partial<SignerContact>) => {
    for (const [field, value] of Object.entries(fill) as [keyof SignerContact, string][]) {
      const path = `signers.${i}.${field}` as const;
      form.setValue(path, value, { shouldDirty: true, shouldValidate: Boolean(form.getFieldState(path).error) });
    }
  };
  // What will be sent, when it differs from what was typed ("+49 151 …" goes as "+49151…").
  const sentAs = (i: number): string | null => {
    const typed = signers?.[i]?.phone ?? '';
    const phone = normalisePhone(typed);
    return phone !== typed.trim() && E164.test(phone) ? phone : null;
  };
  const repeated = repeatedSigners(signers ?? []);
  return (
    <>
      <Group
        title="Your reference"
        description="Only in this console: shown in the packages list and found by its search. Signers never see it."
      >
        <Field label="Reference" error={errors.reference?.message} hint="Optional, e.g. a purchase order or a counterparty">
          <Input autoComplete="off" {...form.register('reference')} />
        </Field>
      </Group>
      {template.sender_fields.length > 0 && (
        <Group title="Values in the document" description={`Filled into ${template.name} where the template places them.`}>
          {template.sender_fields.map((f) => (
            <Field
              key={f.key}
              label={f.label}
              required={f.required}
              error={errors.sender_values?.[f.key]?.message}
              hint={f.type === 'number' ? 'A number, e.g. 1250.50' : undefined}
            >
              <Input
                type={f.type === 'date' ? 'date' : 'text'}
                inputMode={f.type === 'number' ? 'decimal' : undefined}
                {...form.register(`sender_values.${f.key}`)}
              />
            </Field>
          ))}
        </Group>
      )}
      {template.slots.map((slot, i) => {
        const phoneSent = sentAs(i);
        const earlier = repeated.get(i);
        return (
          <Group
            key={slot.slot_id}
            title={`Signer: ${slot.label}`}
            description="Receives the invitation by e-mail; the phone number confirms who signs."
          >
            <Field label="Name" required error={errors.signers?.[i]?.name?.message}>
              <Input autoComplete="off" list={`${lists}-${i}-name`} {...form.register(`signers.${i}.name`)} />
            </Field>
            <Field
              label="E-mail"
              required
              error={errors.signers?.[i]?.email?.message}
              hint={
                earlier !== undefined && (
                  <span className="font-medium text-amber-900">{repeatedSignerWarning(template.slots[earlier]!.label)}</span>
                )
              }
            >
              <Input type="email" autoComplete="off" list={`${lists}-${i}-email`} {...form.register(`signers.${i}.email`)} />
            </Field>
            <Field
              label="Phone"
              required
              error={errors.signers?.[i]?.phone?.message}
              hint={phoneSent ? `Will be sent as ${phoneSent}` : 'International format, e.g. +49 151 12345678'}
            >
              <Input type="tel" autoComplete="off" placeholder="+4915112345678" {...form.register(`signers.${i}.phone`)} />
            </Field>
            <RecipientSuggestions
              signer={signers?.[i] ?? NO_SIGNER}
              listIds={{ name: `${lists}-${i}-name`, email: `${lists}-${i}-email` }}
              onFill={fillSigner(i)}
            />
          </Group>
        );
      })}
      <Group title="Expiry" description="Signers must finish before the package expires; choose how long they have.">
        <ExpiryField
          registration={form.register('expires_in_days')}
          value={days}
          error={errors.expires_in_days?.message}
          onPick={(picked) =>
            form.setValue('expires_in_days', String(picked), { shouldDirty: true, shouldTouch: true, shouldValidate: true })
          }
        />
      </Group>
    </>
  );
}
