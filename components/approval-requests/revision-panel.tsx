'use client';

import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { formatDateTime } from '@/lib/format';
import { useRetryRevision } from '@/lib/approval-requests/mutations';
import { revisionRequirementsQuery, type ApprovalRequestRecord } from '@/lib/approval-requests/queries';
import type { SubmissionSchemaReading } from '@/lib/submission-schema/fields';
import { ErrorState, Skeleton } from '../ui/states';
import { RevisionForm } from './revision-form';
import { UnsupportedSchema } from './unsupported-schema';

interface RevisionPanelProps {
  request: ApprovalRequestRecord;
  /** the pinned release's schema as the API gave it, and as read (undefined while loading) */
  schema: unknown;
  reading: SubmissionSchemaReading | null;
  canWrite: boolean;
}

/** NEEDS_REVISION: what the reviewer asked for, and (for requesters) the form to answer it. */
export function RevisionPanel({ request, schema, reading, canWrite }: RevisionPanelProps) {
  const fields = reading?.fields ?? null;
  const query = useQuery(revisionRequirementsQuery(request.id));
  const { refetch } = query;
  const retry = useRetryRevision(request.id, refetch);
  // A failed re-read throws rather than answering the last read again as if it were fresh.
  const reread = useCallback(async () => (await refetch({ throwOnError: true })).data, [refetch]);
  if (query.isPending) return <Skeleton className="h-40 w-full" />;
  // A failed re-read (after a 409) keeps the last read and the form with everything typed in
  // it; the form's own notice says what happened. Only a first read that failed has nothing to show.
  if (query.isError && !query.data) {
    return <ErrorState title="The revision could not be loaded" message={query.error.message} onRetry={retry} />;
  }
  const { task } = query.data;
  const titleOf = (key: string) => fields?.find((f) => f.key === key)?.title ?? key;
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
        <p className="font-semibold">
          The reviewer asked for changes{task.requested_at ? ` on ${formatDateTime(task.requested_at)}` : ''}.
        </p>
        {task.comment && <p className="mt-1">“{task.comment}”</p>}
        {task.requirements.length > 0 && (
          <ul className="mt-2 list-disc pl-5" aria-label="Revision requirements">
            {task.requirements.map((r, i) => (
              <li key={i}>
                {r.field_key ? <strong>{titleOf(r.field_key)}: </strong> : null}
                {r.message}
              </li>
            ))}
          </ul>
        )}
        {query.data.draft && <p className="mt-2 text-xs">A draft answer is saved; the form below starts from it.</p>}
      </div>
      {canWrite && reading && reading.unsupported.length > 0 && (
        <UnsupportedSchema
          unsupported={reading.unsupported}
          schema={schema}
          releaseId={request.workflow_release_id ?? 'this release'}
          consequence="The console cannot offer a form to answer this revision."
        />
      )}
      {canWrite && reading && reading.unsupported.length === 0 && (
        <RevisionForm request={request} fields={reading.fields} read={query.data} reread={reread} />
      )}
      {canWrite && !reading && <Skeleton className="h-40 w-full" />}
      {!canWrite && <p className="text-sm text-slate-600">Operators answer revisions; your role can read them.</p>}
    </div>
  );
}
