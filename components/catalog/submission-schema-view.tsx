'use client';

import { useQuery } from '@tanstack/react-query';
import { submissionSchemaQuery } from '@/lib/catalog/queries';
import { CopyId } from '../ui/copy-id';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/states';
import { SchemaFormPreview } from './schema-form-preview';
import { Card } from '../ui/card';

/** One release's submission schema, side by side: the form a requester sees and the raw JSON Schema. */
export function SubmissionSchemaView({ workflowId, release }: { workflowId: string; release: number }) {
  const query = useQuery(submissionSchemaQuery(workflowId, release));
  if (query.isPending || query.isError) {
    return (
      <QueryState
        query={query}
        skeleton={
          <div role="status" aria-label="Loading the submission schema" className="grid gap-4 lg:grid-cols-5">
            <Skeleton className="h-96 lg:col-span-3" />
            <Skeleton className="h-96 lg:col-span-2" />
          </div>
        }
        errorTitle="The submission schema could not be loaded"
      />
    );
  }
  const { schema } = query.data;
  const releaseId = query.data.workflow_release_id ?? `${workflowId}@${release}`;
  const json = JSON.stringify(schema, null, 2);
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-5">
      <div className="rounded-lg bg-slate-100 p-4 ring-1 ring-slate-200 lg:col-span-3">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-base font-semibold text-slate-900">Form preview</h3>
          <span className="text-xs text-slate-700">Read-only: what a requester fills in for {releaseId}</span>
        </div>
        <SchemaFormPreview schema={schema} title={`Form preview of ${releaseId}`} releaseId={releaseId} />
      </div>
      <Card className="lg:col-span-2">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
          <h3 className="text-base font-semibold text-slate-900">Raw JSON Schema</h3>
          <CopyId value={releaseId} label="workflow release id" />
        </div>
        <pre
          role="region"
          aria-label={`Raw JSON Schema of ${releaseId}`}
          tabIndex={0}
          className="max-h-[40rem] overflow-auto bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {json}
        </pre>
      </Card>
    </div>
  );
}
