'use client';

import { useQuery } from '@tanstack/react-query';
import { catalogItemQuery } from '@/lib/catalog/queries';
import { LinkButton } from '../ui/link-button';
import { QueryState } from '../ui/query-state';
import { EmptyState, PageSkeleton } from '../ui/states';
import { BatchFromSheet } from './batch-from-sheet';

const chooseFirst = (
  <EmptyState
    title="Choose a template first"
    action={<LinkButton href="/catalog/document-sign-templates">Document-sign templates</LinkButton>}
  >
    A batch sends one template: open it in the catalog and choose “Send in bulk”.
  </EmptyState>
);

/** The template a batch is made of, then its spreadsheet. */
export function NewBatch({ templateId }: { templateId: string | null }) {
  const template = useQuery({ ...catalogItemQuery('document-sign-templates', templateId ?? ''), enabled: templateId !== null });
  if (templateId === null) return chooseFirst;
  return (
    <QueryState
      query={template}
      skeleton={<PageSkeleton />}
      errorTitle="The template could not be loaded"
      notFound={() => chooseFirst}
    >
      {(t) =>
        t.status !== 'active' || t.api_enabled === false ? (
          <EmptyState title={`${t.name} cannot be sent`}>
            {t.api_enabled === false ? 'It is not enabled for this app.' : 'It is not active.'} Choose another template.
          </EmptyState>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-700">
              Template: <span className="font-semibold text-slate-900">{t.name}</span>
            </p>
            <BatchFromSheet template={t} />
          </>
        )
      }
    </QueryState>
  );
}
