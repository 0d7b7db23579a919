'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { formatDateTime } from '@/lib/format';
import { approvalKeys, revisionRequirementsQuery, type ApprovalRequestRecord } from '@/lib/queries/approvals';
import type { FieldDescriptor, SubmissionSchemaDocument } from '@/lib/submission-schema';
import { ErrorState, Skeleton } from '../ui/states';
import { RevisionForm } from './revision-form';

interface RevisionPanelProps {
  request: ApprovalRequestRecord;
  schema: SubmissionSchemaDocument | undefined;
  fields: FieldDescriptor[] | null;
  canWrite: boolean;
}

/** NEEDS_REVISION: what the reviewer asked for, and (for requesters) the form to answer it. */
export function RevisionPanel({ request, schema, fields, canWrite }: RevisionPanelProps) {
  const client = useQueryClient();
  const query = useQuery(revisionRequirementsQuery(request.id));
  const { refetch } = query;
  const reread = useCallback(async () => (await refetch()).data, [refetch]);
  if (query.isPending) return <Skeleton className="h-40 w-full" />;
  if (query.isError) {
    return (
      <ErrorState
        title="The revision could not be loaded"
        message={query.error.message}
        onRetry={() => {
          void query.refetch();
          void client.invalidateQueries({ queryKey: approvalKeys.item(request.id), exact: true });
        }}
      />
    );
  }
  const { task } = query.data;
  const titleOf = (key: string) => fields?.find((f) => f.key === key)?.title ?? key;
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
        <p className="font-semibold">The reviewer asked for changes{task.requested_at ? ` on ${formatDateTime(task.requested_at)}` : ''}.</p>
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
      {canWrite && schema && fields && <RevisionForm request={request} schema={schema} fields={fields} read={query.data} reread={reread} />}
      {canWrite && !fields && <Skeleton className="h-40 w-full" />}
      {!canWrite && <p className="text-sm text-slate-600">Operators answer revisions; your role can read them.</p>}
    </div>
  );
}
