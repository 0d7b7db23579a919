'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { catalogListQuery } from '@/lib/catalog/queries';
import { Button } from '../../ui/button';
import { Field, SelectField, Textarea } from '../../ui/field';
import { ErrorState, Skeleton } from '../../ui/states';
import { Section } from '../../ui/card';
import { usePublishRelease } from '@/lib/admin/sandbox-mutations';

const ignore = () => undefined;

/**
 * The schema typed in, read as the console's forms will read it; null when the box is empty.
 * The schema reader loads when a schema is published, not with the panel.
 */
async function readTyped(text: string): Promise<{ schema: Record<string, unknown> } | { problem: string } | null> {
  if (!text.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: 'This is not JSON.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { problem: 'The schema must be a JSON object.' };
  const { describeUnsupported, readSubmissionSchema } = await import('@/lib/submission-schema/fields');
  const { unsupported } = readSubmissionSchema(parsed);
  if (unsupported.length > 0) return { problem: unsupported.map(describeUnsupported).join(' ') };
  return { schema: parsed as Record<string, unknown> };
}

/**
 * Plays the workflow's owner in the platform's designer: publishes a new release, so forms
 * pinned to the previous one meet a stale release for real.
 */
export function ReleasesCard() {
  const workflows = useQuery(catalogListQuery('approval-workflows', { page: 1, size: 100, status: 'active' }));
  const [chosen, setChosen] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const publish = usePublishRelease({
    onDone: (published) =>
      void toast.success(
        `Published ${published.workflow_release_id}. Forms still on the previous release will be refused as stale.`,
        { id: 'sandbox-release' },
      ),
    onFailed: (err) =>
      void toast.error(err instanceof ConsoleApiError ? err.message : 'The release could not be published. Try again.', {
        id: 'sandbox-release',
      }),
  });
  const list = workflows.data?.data ?? [];
  const workflow = list.find((w) => w.id === chosen) ?? list[0];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!workflow) return;
    const typed = await readTyped(text);
    if (typed && 'problem' in typed) return setProblem(typed.problem);
    setProblem(null);
    publish.run({ workflowId: workflow.id, schema: typed?.schema }).then(ignore, ignore);
  };

  return (
    <Section
      variant="panel"
      title="Workflow releases"
      description="Publish a new release as the workflow's owner would. The previous release becomes stale; requests already started keep theirs."
    >
      {workflows.isPending && <Skeleton className="h-32 w-full" />}
      {workflows.isError && !workflows.data && (
        <ErrorState
          title="The workflows could not be loaded"
          message={workflows.error.message}
          onRetry={() => void workflows.refetch()}
        />
      )}
      {workflow && (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Publish a workflow release" className="flex flex-col gap-3">
          <SelectField
            label="Workflow"
            hint={`Current release: ${workflow.workflow_release_id}`}
            value={workflow.id}
            onChange={(e) => setChosen(e.target.value)}
            options={list.map((w) => ({ value: w.id, label: w.name }))}
          />
          <Field
            label="New submission schema (optional)"
            hint="A JSON Schema object. Leave empty to publish the current schema again."
            error={problem ?? undefined}
          >
            <Textarea
              rows={5}
              spellCheck={false}
              className="font-mono text-xs"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <div>
            <Button type="submit" busy={publish.pending}>
              Publish a new release
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
