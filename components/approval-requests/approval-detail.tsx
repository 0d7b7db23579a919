'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import type { Route } from 'next';
import { useMemo } from 'react';
import { formatDateTime } from '@/lib/format';
import { liveApprovalQuery } from '@/lib/approval-requests/queries';
import { useNoteOpened } from '../search/opened-by';
import { submissionSchemaQuery } from '@/lib/catalog/queries';
import { readSubmissionSchema } from '@/lib/submission-schema/fields';
import { statusLabel } from '@/lib/status-labels';
import { BackLink } from '../ui/back-link';
import { Section } from '../ui/card';
import { Facts, PageHeader } from '../ui/page-header';
import { QueryPending } from '../ui/query-pending';
import { Badge, ErrorState, Skeleton, StatusBadge } from '../ui/states';
import { ApprovalProgress } from './approval-progress';
import { RequestNotes } from './request-notes';
import { FormDataView } from './form-data-view';

// Shown only to a request in NEEDS_REVISION: its form and checks load when it is shown.
const RevisionPanel = dynamic(() => import('./revision-panel').then((m) => m.RevisionPanel), {
  loading: () => <Skeleton className="h-40 w-full" />,
});

const STATUS_NOTES: Record<string, string> = {
  DRAFT: 'A draft saved at the API: never submitted, and no reviewer sees it.',
  IN_PROGRESS: 'With the reviewers.',
  NEEDS_REVISION: 'A reviewer sent it back for changes.',
  APPROVED: 'Approved by every layer it passed through.',
  REJECTED: 'Rejected by a reviewer.',
};

/** One approval request: versions, workflow and release, data by the release's titles, progress, revision. */
export function ApprovalDetail({ id, canWrite }: { id: string; canWrite: boolean }) {
  const query = useQuery(liveApprovalQuery(id));
  const request = query.data;
  useNoteOpened('approval-requests', request);
  const release = Number(/@(\d+)$/.exec(request?.workflow_release_id ?? '')?.[1] ?? NaN);
  const schema = useQuery({
    ...submissionSchemaQuery(request?.workflow_id ?? '', release),
    enabled: Boolean(request?.workflow_id) && Number.isInteger(release),
  });
  const reading = useMemo(() => (schema.data ? readSubmissionSchema(schema.data.schema) : null), [schema.data]);
  const fields = reading?.fields ?? null;

  if (query.isPending) {
    return (
      <QueryPending query={query}>
        <Skeleton className="h-64 w-full" />
      </QueryPending>
    );
  }
  // A failed background read (after a 409, say) keeps the page and any form on it as they are.
  if (query.isError && !query.data)
    return (
      <ErrorState title="This request could not be loaded" message={query.error.message} onRetry={() => void query.refetch()} />
    );
  const r = query.data;
  const titleOf = (key: string) => fields?.find((f) => f.key === key)?.title ?? key;
  return (
    <>
      <BackLink href="/approvals">Approval requests</BackLink>
      <PageHeader
        title={r.external_id ?? r.id}
        description={
          <>
            {r.workflow_name ?? r.workflow_id} · request <code className="text-xs">{r.id}</code>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-800" aria-live="polite">
        <StatusBadge family="request" status={r.status} />
        {r.sla?.breached && <Badge tone="red">SLA breached</Badge>}
        <span>{STATUS_NOTES[r.status] ?? ''}</span>
      </div>
      <RequestNotes status={r.status} />
      <div className="flex flex-col gap-5">
        <Facts
          items={[
            ['Status', statusLabel('request', r.status)],
            ['Version', String(r.version)],
            // request_revision counts resubmissions: the round being answered now counts too.
            [
              'Revision rounds',
              r.status === 'NEEDS_REVISION' ? `${(r.request_revision ?? 0) + 1}, this one open` : String(r.request_revision ?? 0),
            ],
            ['Workflow', r.workflow_name ?? r.workflow_id ?? '—'],
            ['Release', r.workflow_release_id ?? '—'],
            ['Form / published version', `${r.form_version ?? '—'} / ${r.published_version ?? '—'}`],
            ['Current step', r.current_layer_name ?? '—'],
            ['SLA due', r.sla ? `${formatDateTime(r.sla.due_at)}${r.sla.breached ? ' (breached)' : ''}` : '—'],
            ['Created', formatDateTime(r.created_at)],
            ['Submitted', formatDateTime(r.submitted_at)],
            ['Updated', formatDateTime(r.updated_at)],
            ['Completed', formatDateTime(r.completed_at)],
          ]}
        />
        {r.status === 'NEEDS_REVISION' && (
          <Section title="Revision" id="revision-heading">
            <RevisionPanel request={r} schema={schema.data?.schema} reading={reading} canWrite={canWrite} />
          </Section>
        )}
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
          <Section title="Form data" id="data-heading">
            {schema.isError && (
              <p className="mb-2 text-xs text-slate-600">
                The release&apos;s schema could not be loaded, so fields show their keys.
              </p>
            )}
            <FormDataView request={r} fields={fields} />
          </Section>
          <Section title="Approval progress" id="progress-heading">
            <ApprovalProgress request={r} />
          </Section>
        </div>
        <Section title="Documents" id="documents-heading">
          {(r.documents?.length ?? 0) === 0 ? (
            <p className="text-sm text-slate-600">No documents attached.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {r.documents!.map((d) => (
                <li key={`${d.field_key}-${d.document_id}`}>
                  <span className="text-slate-600">{titleOf(d.field_key)}: </span>
                  <Link
                    href={`/documents/${encodeURIComponent(d.document_id)}` as Route}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {d.name}
                  </Link>{' '}
                  <code className="text-xs text-slate-600">{d.document_id}</code>
                  {(d.sign_actor_ids?.length ?? 0) > 0 && (
                    <span className="block text-xs text-slate-700">Signers (actor IDs): {d.sign_actor_ids!.join(', ')}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </>
  );
}
