'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { lazy, Suspense, useState } from 'react';
import { documentListQuery } from '@/lib/documents/queries';
import { documentsPath } from '@/lib/documents/paths';
import { Section } from '../../ui/card';
import { SearchField } from '../../ui/field';
import { useSearchTerm } from '../../ui/use-settled';
import { EmptyState, ErrorState, Skeleton } from '../../ui/states';

const LIST_SIZE = 100;
const LINK = 'font-medium text-brand-700 underline';

// The form (react-hook-form's binding, the publish call, the links) loads only once a completed
// layout is there to publish, not with the panel. React's own lazy: no next/dynamic runtime.
const SignTemplateForm = lazy(() => import('./sign-template-form').then((m) => ({ default: m.SignTemplateForm })));

/**
 * Plays a workspace administrator in the platform's template designer, which the API cannot
 * reach: a completed signature-target layout becomes a document-sign template allowed for this
 * app, so the way from an uploaded PDF to a sent package can be walked in the sandbox.
 */
export function SignTemplateCard() {
  const [typed, setTyped] = useState('');
  const q = useSearchTerm(typed);
  const list = useQuery(documentListQuery({ page: 1, size: LIST_SIZE, q: q || undefined, logical_purpose: 'SIGNATURE_TARGET' }));
  const ready = (list.data?.data ?? []).filter(
    (d) => d.logical_purpose === 'SIGNATURE_TARGET' && d.layout_status === 'completed',
  );
  const [chosen, setChosen] = useState('');
  const doc = ready.find((d) => d.id === chosen) ?? ready[0];
  const more = (list.data?.pagination.total ?? 0) > LIST_SIZE;

  return (
    <Section
      variant="panel"
      title="Document-sign templates"
      description="Publish a completed signature-target layout as a document-sign template allowed for this app, as a workspace administrator would in the Signing platform’s template designer. Each publication makes a new template."
    >
      <div className="flex flex-col gap-4">
        <SearchField
          label="Find a document"
          hint={
            more
              ? `Showing completed layouts among the ${LIST_SIZE} newest signature targets; search to find older ones.`
              : 'By name or id.'
          }
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={100}
        />
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
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <SignTemplateForm ready={ready} doc={doc} onChoose={setChosen} />
          </Suspense>
        )}
      </div>
    </Section>
  );
}
