'use client';

import Link from 'next/link';
import type { Route } from 'next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import type { DocumentItem } from '@/lib/documents/schemas';
import type { PublishedSignTemplate } from '@/lib/admin/sign-template-schemas';
import { usePublishSignTemplate } from '@/lib/admin/sandbox-mutations';
import { adminErrorPlacement } from '@/lib/forms/admin-placement';
import { catalogItemHref } from '@/lib/catalog/kinds';
import { templateNameOf } from '../../documents/template-name';
import { Button } from '../../ui/button';
import { Field, Input, SelectField } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { lazyResolver } from '../../ui/lazy-resolver';
import type { SignTemplateValues } from './sandbox-resolvers';

const LINK = 'font-medium text-brand-700 underline';
const PLACEMENT = adminErrorPlacement<SignTemplateValues>({ fields: ['name'] });
const ignore = () => undefined;
// zod and the checks load at the form's first validation (sandbox-resolvers.ts).
const resolver = lazyResolver(() => import('./sandbox-resolvers').then((m) => m.signTemplateResolver));

const sendHref = (id: string) => `/packages/new?template=${encodeURIComponent(id)}` as Route;

/** Where a published template is found and used: the toast and the card both say it. */
function TemplateLinks({ template }: { template: PublishedSignTemplate }) {
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      <Link href={catalogItemHref('document-sign-templates', template.id)} className={LINK}>
        Open the template
      </Link>
      <Link href={sendHref(template.id)} className={LINK}>
        Send with this template
      </Link>
    </span>
  );
}

/** The publication itself: which completed layout, under which name, and where the template then is. */
export function SignTemplateForm({
  ready,
  doc,
  onChoose,
}: {
  ready: DocumentItem[];
  doc: DocumentItem;
  onChoose(id: string): void;
}) {
  const [published, setPublished] = useState<PublishedSignTemplate | null>(null);
  const form = useForm<SignTemplateValues>({ resolver, defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;
  const publish = usePublishSignTemplate<SignTemplateValues>({
    form: { target: form, placement: PLACEMENT },
    onDone(template) {
      setPublished(template);
      form.reset();
      toast.success(`Published “${template.name}” as a document-sign template, allowed for this app.`, {
        id: 'sandbox-sign-template',
        description: <TemplateLinks template={template} />,
      });
    },
  });
  // Failures are shown by the form binding only (a toast besides would say them twice).
  const submit = form.handleSubmit((v) =>
    publish.run({ documentId: doc.id, name: v.name.trim() || undefined }).then(ignore, ignore),
  );
  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Publish a document-sign template">
        <fieldset disabled={isSubmitting || publish.pending} className="flex flex-col gap-3">
          <SelectField
            label="Document"
            hint={`${doc.id} · ${doc.page_count ?? '?'} pages · layout version ${doc.layout_version ?? '?'}`}
            value={doc.id}
            onChange={(e) => onChoose(e.target.value)}
            options={ready.map((d) => ({ value: d.id, label: d.name }))}
          />
          <Field
            label="Template name (optional)"
            error={errors.name?.message}
            hint={`Leave empty to name it “${templateNameOf(doc.name)}”, after the document.`}
          >
            <Input maxLength={200} placeholder={templateNameOf(doc.name)} {...form.register('name')} />
          </Field>
          <FormError error={errors.root} />
          <div>
            <Button type="submit" busy={isSubmitting || publish.pending}>
              Publish as a document-sign template
            </Button>
          </div>
        </fieldset>
      </form>
      {published && (
        <div
          role="status"
          className="flex flex-col gap-1 break-words rounded-md bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-600/30"
        >
          <p>
            Published “{published.name}” (<code className="text-xs">{published.id}</code>). It is listed under Catalog →
            Document-sign templates and in Send a package.
          </p>
          <TemplateLinks template={published} />
        </div>
      )}
    </>
  );
}
