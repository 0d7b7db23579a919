'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { Route } from 'next';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { PublishedSignTemplate } from '@/lib/admin/sign-template-schemas';
import { usePublishSignTemplate } from '@/lib/admin/sandbox-mutations';
import { documentListQuery } from '@/lib/documents/queries';
import { adminErrorPlacement } from '@/lib/forms/admin-placement';
import { catalogItemHref } from '../../catalog/catalog-paths';
import { templateNameOf } from '../../documents/document-facts';
import { documentsPath } from '../../documents/document-paths';
import { Button } from '../../ui/button';
import { Section } from '../../ui/card';
import { Field, Input, Select } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { lazyResolver } from '../../ui/lazy-resolver';
import { EmptyState, ErrorState, Skeleton } from '../../ui/states';
import type { SignTemplateValues } from './sandbox-resolvers';

const LIST_SIZE = 100;
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

/**
 * Plays a workspace administrator in the platform's template designer, which the API cannot
 * reach: a completed signature-target layout becomes a document-sign template allowed for this
 * app, so the way from an uploaded PDF to a sent package can be walked in the sandbox.
 */
export function SignTemplateCard() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim().slice(0, 100)), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useQuery(documentListQuery({ page: 1, size: LIST_SIZE, q: q || undefined, logical_purpose: 'SIGNATURE_TARGET' }));
  const ready = (list.data?.data ?? []).filter(
    (d) => d.logical_purpose === 'SIGNATURE_TARGET' && d.layout_status === 'completed',
  );
  const [chosen, setChosen] = useState('');
  const doc = ready.find((d) => d.id === chosen) ?? ready[0];
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
    doc ? publish.run({ documentId: doc.id, name: v.name.trim() || undefined }).then(ignore, ignore) : undefined,
  );
  const more = (list.data?.pagination.total ?? 0) > LIST_SIZE;

  return (
    <Section
      variant="panel"
      title="Document-sign templates"
      description="Publish a completed signature-target layout as a document-sign template allowed for this app, as a workspace administrator would in the Signing platform’s template designer. Each publication makes a new template."
    >
      <div className="flex flex-col gap-4">
        <Field
          label="Find a document"
          hint={
            more
              ? `Showing completed layouts among the ${LIST_SIZE} newest signature targets; search to find older ones.`
              : 'By name or id.'
          }
        >
          <Input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={100} />
        </Field>
        {list.isPending && <Skeleton className="h-24 w-full" />}
        {list.isError && !list.data && (
          <ErrorState
            title="The documents could not be loaded"
            message={list.error.message}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data && !doc && (
          <EmptyState
            title={
              q
                ? `No completed signature-target layout matches “${q}”`
                : 'No signature-target document has a completed layout yet'
            }
          >
            Upload a PDF as a <em>signature target</em> under{' '}
            <Link href={documentsPath()} className={LINK}>
              Documents
            </Link>
            , lay out its fields in the field editor, then Complete the layout. It can be published here once it is complete.
          </EmptyState>
        )}
        {doc && (
          <form onSubmit={submit} noValidate aria-label="Publish a document-sign template">
            <fieldset disabled={isSubmitting} className="flex flex-col gap-3">
              <Field
                label="Document"
                hint={`${doc.id} · ${doc.page_count ?? '?'} pages · layout version ${doc.layout_version ?? '?'}`}
              >
                <Select value={doc.id} onChange={(e) => setChosen(e.target.value)}>
                  {ready.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                label="Template name (optional)"
                error={errors.name?.message}
                hint={`Leave empty to name it “${templateNameOf(doc.name)}”, after the document.`}
              >
                <Input maxLength={200} placeholder={templateNameOf(doc.name)} {...form.register('name')} />
              </Field>
              <FormError error={errors.root} />
              <div>
                <Button type="submit" busy={isSubmitting}>
                  Publish as a document-sign template
                </Button>
              </div>
            </fieldset>
          </form>
        )}
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
      </div>
    </Section>
  );
}
