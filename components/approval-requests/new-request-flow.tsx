'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import type { Route } from 'next';
import { useMemo, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { ConsoleApiError } from '@/lib/api-error';
import type { ApprovalRequestRecord } from '@/lib/approval-requests/queries';
import { catalogListQuery, submissionSchemaQuery } from '@/lib/catalog/queries';
import { useServerDraft } from '@/lib/unsaved-work/use-server-draft';
import { requestDraftApi } from '@/lib/request-drafts/queries';
import type { RequestDraft } from '@/lib/request-drafts/schemas';
import { readSubmissionSchema, type FieldDescriptor } from '@/lib/submission-schema/fields';
import { Field, Select } from '../ui/field';
import { EmptyState, ErrorState, Skeleton } from '../ui/states';
import { NewRequestForm, suggestExternalId, type FormHandle } from './new-request-form';
import { valuesFrom, type RequestFormValues } from './schema-form-base';
import { fromFormValue, toFormValue } from './schema-form-values';
import { UnsupportedSchema } from './unsupported-schema';
import { UnavailableNotice } from './unavailable-notice';
import { unavailableReason } from './workflow-availability';
import { Card } from '../ui/card';
import { requestDraftPath } from '@/lib/drafts/draft-paths';

const releaseNumber = (releaseId: string) => Number(/@(\d+)$/.exec(releaseId)?.[1] ?? NaN);

/**
 * What survives a release change: values whose field still exists with the same kind, read as
 * data by the old field and written back by the new one (a choice's options may have moved).
 */
function carryOver(values: RequestFormValues, from: FieldDescriptor[], to: FieldDescriptor[]) {
  const kept: RequestFormValues = { ...valuesFrom(to, undefined), external_id: values.external_id };
  const dropped: string[] = [];
  for (const f of from) {
    const target = to.find((t) => t.key === f.key && t.kind === f.kind);
    if (f.kind === 'document') {
      const id = values.documents[f.key] ?? '';
      if (target) {
        kept.documents[f.key] = id;
        kept.documentNames[f.key] = values.documentNames[f.key] ?? '';
        kept.signers[f.key] = values.signers[f.key] ?? '';
      } else if (id) dropped.push(f.title);
      continue;
    }
    const data = fromFormValue(f, values.form_data[f.key]);
    if (target) kept.form_data[f.key] = toFormValue(target, data, false);
    else if (data !== undefined && data !== false && f.kind !== 'constant') dropped.push(f.title);
  }
  return { kept, dropped };
}

/** A workflow's input as its form held it when it went, and the release it was typed for. */
interface KeptInput {
  values: RequestFormValues;
  fields: FieldDescriptor[];
  releaseId: string;
}

interface Carry {
  values: RequestFormValues;
  fields: FieldDescriptor[];
  /** the stale release the values were typed for, or the workflow they were typed for */
  from: { release: string } | { workflow: string };
  /** the external id was the earlier form's suggestion: a new workflow suggests its own instead */
  suggested?: boolean;
}

const DRAFT_OPTIONS = { url: requestDraftPath };

/** A draft's values as the form holds them (the release is the form's, not a value). */
const draftFormValues = ({ release_id: _release, ...values }: RequestDraft['values']): RequestFormValues => values;

interface NewRequestFlowProps {
  initialWorkflowId: string | null;
  /** the console-kept draft this visit resumes: its workflow and release are chosen and its values filled in */
  draft: RequestDraft | null;
  /** the draft the address named no longer exists */
  gone: boolean;
  /** start the flow over from a draft as saved elsewhere */
  onLoadDraft(draft: RequestDraft): void;
}

/**
 * Choose an active workflow, fill in its current release's form (or a draft's release), save a
 * draft in the console or submit.
 */
export function NewRequestFlow({ initialWorkflowId, draft, gone, onLoadDraft }: NewRequestFlowProps) {
  const workflows = useQuery(catalogListQuery('approval-workflows', { page: 1, size: 100, status: 'active' }));
  // Read only to leave out workflows whose request form is archived; without them the API still refuses.
  const forms = useQuery(catalogListQuery('request-forms', { page: 1, size: 100 }));
  // Likewise for workflows filed under an archived category (README "Archived categories").
  const categories = useQuery(catalogListQuery('categories', { page: 1, size: 100, status: 'archived' }));
  const [chosen, setChosen] = useState<string | null>(draft?.workflow_id ?? initialWorkflowId);
  // A draft is resumed on the release it was typed for; submitting it to a stale release
  // carries what fits to the current one, as for any form left open across a publication.
  const [override, setOverride] = useState<{ workflowId: string; releaseId: string } | null>(
    draft ? { workflowId: draft.workflow_id, releaseId: draft.values.release_id } : null,
  );
  const saved = useServerDraft(requestDraftApi, draft, DRAFT_OPTIONS);
  const savedDraft = saved.saved;
  const [carry, setCarry] = useState<Carry | null>(null);
  // What was typed per workflow, kept when the form goes (another workflow chosen, even for a
  // moment by an arrow key) and given back when it is chosen again: the package form's way
  // (send-package-flow.tsx keeps its values per template). Kept with the release it was typed
  // for, so a newer release carries over only what still fits, and says what does not.
  const [kept] = useState(() => new Map<string, KeptInput>());
  // Each workflow's suggested External ID, so coming back to a workflow finds the same one.
  const [suggestions] = useState(() => new Map<string, string>());
  const [refusal, setRefusal] = useState<{ workflowId: string; message: string } | null>(null);
  const router = useRouter();
  const formRef = useRef<FormHandle | null>(null);

  const list = workflows.data?.data ?? [];
  const reasonOf = (w: (typeof list)[number]) => unavailableReason(w, forms.data?.data, categories.data?.data);
  const listed = list.find((w) => w.id === chosen);
  const blocked = listed ? reasonOf(listed) : null;
  const workflow = listed && !blocked ? listed : null;
  // A link or a refusal may name a workflow that takes no new request: say why instead of a blank.
  const unavailable = !workflow && Boolean(listed || (chosen && refusal?.workflowId === chosen));
  const releaseId = workflow ? (override?.workflowId === workflow.id ? override.releaseId : workflow.workflow_release_id) : null;
  const schema = useQuery({
    ...submissionSchemaQuery(workflow?.id ?? '', releaseNumber(releaseId ?? '')),
    enabled: Boolean(workflow && releaseId),
  });
  const reading = useMemo(() => (schema.data ? readSubmissionSchema(schema.data.schema) : null), [schema.data]);
  // A release whose schema holds a construct the console cannot carry gets no form (it would
  // accept what the API refuses); the page names the construct and shows the raw schema.
  const fields = reading && reading.unsupported.length === 0 ? reading.fields : null;
  const prepared = useMemo(() => {
    if (!fields || !workflow || !releaseId) return null;
    let suggested = suggestions.get(workflow.id);
    if (!suggested) suggestions.set(workflow.id, (suggested = suggestExternalId(workflow)));
    // What counts as saved: the draft, when it is of this workflow and release; else a new form.
    const defaults =
      savedDraft && savedDraft.workflow_id === workflow.id && savedDraft.values.release_id === releaseId
        ? { ...valuesFrom(fields, undefined), ...draftFormValues(savedDraft.values) }
        : { ...valuesFrom(fields, undefined), external_id: suggested };
    const own = kept.get(workflow.id);
    // This workflow's own input, as it was left, before anything carried from another one.
    if (own && own.releaseId === releaseId) return { defaults, carried: own.values, dropped: [], from: null };
    const source: Carry | null =
      carry ?? (own ? { values: own.values, fields: own.fields, from: { release: own.releaseId } } : null);
    if (!source) return { defaults, carried: undefined, dropped: [], from: null };
    const { kept: fitting, dropped } = carryOver(source.values, source.fields, fields);
    // A suggested external id was the other workflow's: this one suggests its own.
    const carried = 'workflow' in source.from && source.suggested ? { ...fitting, external_id: defaults.external_id } : fitting;
    return { defaults, carried, dropped, from: source.from };
  }, [fields, carry, workflow, savedDraft, releaseId, kept, suggestions]);

  if (workflows.isPending || forms.isPending || categories.isPending) return <Skeleton className="h-24 w-full" />;
  if (workflows.isError)
    return (
      <ErrorState
        title="The workflows could not be loaded"
        message={workflows.error.message}
        onRetry={() => void workflows.refetch()}
      />
    );
  if (list.length === 0)
    return (
      <EmptyState title="No active workflows">Workflows are designed in the platform UI; active ones appear here.</EmptyState>
    );

  // Another workflow keeps what was typed into fields it also has (same key, same kind), and
  // the notice names what it drops; nothing typed means nothing to carry.
  const choose = (id: string) => {
    const typed = fields && workflow ? (formRef.current?.carryOut() ?? null) : null;
    setCarry(
      typed && fields && workflow
        ? { values: typed.values, fields, from: { workflow: workflow.name }, suggested: typed.suggestedId }
        : null,
    );
    setChosen(id || null);
    setRefusal(null);
  };
  // The submit hook reads the catalog again (lib/approval-requests/mutations.ts): if the workflow, its
  // form or its category was archived meanwhile, the picker says so.
  const refused = (err: ConsoleApiError) => {
    if (workflow) setRefusal({ workflowId: workflow.id, message: err.message });
  };
  const stale = (current: string | null, values: RequestFormValues) => {
    if (!workflow || !fields || !releaseId) return;
    setCarry({ values, fields, from: { release: releaseId } });
    if (current) setOverride({ workflowId: workflow.id, releaseId: current });
  };
  const { discard } = saved;
  const done = async (request: ApprovalRequestRecord) => {
    toast.success(`Request ${request.external_id ?? request.id} submitted for approval.`);
    // The draft became the request; deleted before leaving, so the list no longer shows it.
    await discard();
    router.push(`/approvals/${encodeURIComponent(request.id)}` as Route);
  };

  return (
    <div className="flex flex-col gap-5">
      {gone && !savedDraft && (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-600/30">
          That draft no longer exists: it was submitted or deleted (perhaps in another tab). Start afresh below, or pick another
          draft from Drafts.
        </p>
      )}
      <Card as="section" className="p-5">
        <Field label="Workflow" required hint="Only active workflows whose request form is not archived accept new requests.">
          <Select value={workflow?.id ?? ''} onChange={(e) => choose(e.target.value)} className="max-w-xl">
            <option value="">Choose a workflow…</option>
            {list.map((w) => (
              <option key={w.id} value={w.id} disabled={Boolean(reasonOf(w))}>
                {w.name}
                {reasonOf(w) ? ` (not available: ${reasonOf(w)})` : ''}
              </option>
            ))}
          </Select>
        </Field>
        {workflow && (
          <div className="mt-3 text-sm text-slate-700">
            {workflow.description && <p>{workflow.description}</p>}
            <p className="mt-1">
              Release <code className="text-xs">{releaseId}</code>
              {workflow.layers.length > 0 && (
                <>
                  {' '}
                  · approved by {workflow.layers.map((l) => `${l.name}${l.sla_hours ? ` (${l.sla_hours} h)` : ''}`).join(' → ')}
                </>
              )}
            </p>
          </div>
        )}
      </Card>
      {unavailable && chosen && (
        <UnavailableNotice
          name={listed?.name ?? chosen}
          reason={blocked ?? 'it is no longer an active workflow'}
          refusal={refusal?.workflowId === chosen ? refusal.message : null}
        />
      )}
      {prepared?.from && 'release' in prepared.from && (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-600/30">
          A newer release of this workflow was published while you were filling in the form ({prepared.from.release} is stale).
          The form now follows {releaseId}; the values that still fit were kept
          {prepared.dropped.length > 0 ? `, and these no longer apply: ${prepared.dropped.join(', ')}` : ''}. Check the form and
          submit again.
        </div>
      )}
      {prepared?.from && 'workflow' in prepared.from && (
        <div role="status" className="rounded-md bg-brand-50 p-3 text-sm text-slate-800 ring-1 ring-brand-600/20">
          What you typed for {prepared.from.workflow} was kept where this form has the same field
          {prepared.dropped.length > 0
            ? `; these have no place here and stay with ${prepared.from.workflow} if you choose it again: ${prepared.dropped.join(', ')}`
            : ''}
          .
        </div>
      )}
      {workflow && schema.isPending && <Skeleton className="h-64 w-full" />}
      {workflow && schema.isError && (
        <ErrorState
          title="The form of this release could not be loaded"
          message={schema.error.message}
          onRetry={() => void schema.refetch()}
        />
      )}
      {workflow && releaseId && schema.data && reading && reading.unsupported.length > 0 && (
        <UnsupportedSchema unsupported={reading.unsupported} schema={schema.data.schema} releaseId={releaseId} />
      )}
      {workflow && releaseId && fields && prepared && (
        <NewRequestForm
          key={releaseId}
          workflow={workflow}
          releaseId={releaseId}
          fields={fields}
          defaultValues={prepared.defaults}
          onStale={stale}
          onRefused={refused}
          onDone={(request) => void done(request)}
          carried={prepared.carried}
          handleRef={formRef}
          onKeep={(values) => void (values ? kept.set(workflow.id, { values, fields, releaseId }) : kept.delete(workflow.id))}
          draft={{ saved: savedDraft, save: saved.save, load: onLoadDraft }}
        />
      )}
      {!workflow && !unavailable && <p className="text-sm text-slate-600">Choose a workflow to see its form.</p>}
    </div>
  );
}
