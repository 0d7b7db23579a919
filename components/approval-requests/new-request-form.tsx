'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { catalogMoved, useSubmitApprovalRequest } from '@/lib/approval-requests/mutations';
import type { ApprovalRequestRecord } from '@/lib/approval-requests/queries';
import type { Workflow } from '@/lib/catalog/schemas';
import type { SaveOutcome } from '@/lib/unsaved-work/use-server-draft';
import type { CreateRequestDraftInput, RequestDraft } from '@/lib/request-drafts/schemas';
import type { FieldDescriptor } from '@/lib/submission-schema/fields';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';
import { LinkButton } from '../ui/link-button';
import { applyApiError } from '@/lib/forms/apply-api-error';
import { SchemaFields } from './schema-fields';
import { documentRefs, requestFieldOf, type RequestFormValues } from './schema-form-base';
import { lazyResolver } from '../ui/lazy-resolver';
import { FormError } from '../ui/form-error';
import { Card } from '../ui/card';
import { LeaveDialog } from '../unsaved-work/leave-dialog';
import { UnsavedNotice } from '../unsaved-work/unsaved-notice';
import { DraftStatus } from '../unsaved-work/draft-status';
import { useUnsavedWork } from '@/lib/unsaved-work/use-unsaved-work';
import { TeamPicker, useTeamChoice } from '../teams/team-picker';

/**
 * A readable, unique-enough external id: the workflow's name, today's date and a random
 * suffix. From the name, not the id: the spec does not show identifiers' shapes.
 */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
const stem = (workflow: Pick<Workflow, 'id' | 'name'>) => slug(workflow.name ?? '') || slug(workflow.id) || 'request';

export function suggestExternalId(workflow: Pick<Workflow, 'id' | 'name'>): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const suffix = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36).slice(0, 5);
  return `${stem(workflow)}-${day}-${suffix}`;
}

/** Whether an external id is one suggested for `workflow` (any day, any suffix) rather than typed. */
// A stem is letters, digits and hyphens only, so it needs no escaping in a pattern.
export const isSuggestedExternalId = (workflow: Pick<Workflow, 'id' | 'name'>, value: string | undefined) =>
  new RegExp(`^${stem(workflow)}-\\d{8}-[0-9a-z]{1,5}$`).test(value ?? '');

interface NewRequestFormProps {
  workflow: Workflow;
  releaseId: string;
  /** the release's fields (every one readable: a schema with unsupported constructs gets no form) */
  fields: FieldDescriptor[];
  defaultValues: RequestFormValues;
  onStale(currentReleaseId: string | null, values: RequestFormValues): void;
  /** a definite refusal that may come from the catalog (an archived workflow or request form) */
  onRefused(err: ConsoleApiError): void;
  onDone(request: ApprovalRequestRecord): void;
  /** values carried over from another workflow or an older release: the form starts from them, as unsaved input */
  carried?: RequestFormValues;
  /** lets the page read what is typed, to carry it over to another workflow */
  handleRef: React.RefObject<FormHandle | null>;
  /**
   * called when the form goes (another workflow chosen) with what it holds, so it comes back with
   * it; null when that is only what it started from (a workflow passed over by an arrow key)
   */
  onKeep(values: RequestFormValues | null): void;
  /** the console-kept draft: what is saved, a save, and loading the draft as saved elsewhere */
  draft: {
    saved: RequestDraft | null;
    save(body: CreateRequestDraftInput, overVersion?: number): Promise<SaveOutcome<RequestDraft>>;
    load(draft: RequestDraft): void;
  };
}

/** What differs in the draft as saved elsewhere, by the fields' titles. */
function conflictDifference(fields: FieldDescriptor[], workflow: Workflow, mine: RequestFormValues, theirs: RequestDraft) {
  if (theirs.workflow_id !== workflow.id) return `It now uses another workflow: ${theirs.workflow_name ?? theirs.workflow_id}.`;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changed = [
    ...(same(mine.external_id, theirs.values.external_id) ? [] : ['External ID']),
    ...fields
      .filter((f) =>
        f.kind === 'document'
          ? !same(mine.documents[f.key], theirs.values.documents[f.key])
          : !same(mine.form_data[f.key], theirs.values.form_data[f.key]),
      )
      .map((f) => f.title),
  ];
  return changed.length > 0 ? `Different there: ${changed.join(', ')}.` : 'Its values are the same as the ones here.';
}

/** What the page may take from the form when another workflow is chosen. */
export interface FormHandle {
  /**
   * What was typed (null when nothing was), and whether the external id is still the one the
   * form suggested; the kept copy of the input goes, since the values go with the page.
   */
  carryOut(): { values: RequestFormValues; suggestedId: boolean } | null;
}

/**
 * The release's form, an external id, and two ways out: a draft kept by the console (the API
 * hears nothing of it) or a submission.
 */
export function NewRequestForm({
  workflow,
  releaseId,
  fields,
  defaultValues,
  onStale,
  onRefused,
  onDone,
  carried,
  handleRef,
  onKeep,
  draft,
}: NewRequestFormProps) {
  // Signers are offered only where the workflow says it accepts them (spec: "only when").
  const signing = workflow.accepts_per_document_signing === true;
  // The validator (zod) loads at the first validation, not with the page.
  const resolver = useMemo<Resolver<RequestFormValues>>(
    () =>
      lazyResolver(() =>
        Promise.all([import('@hookform/resolvers/zod'), import('./schema-form-model')]).then(
          ([{ zodResolver }, { requestFormSchema }]) =>
            zodResolver(requestFormSchema(fields, 'submit', true, { signing }) as never) as Resolver<RequestFormValues>,
        ),
      ),
    [fields, signing],
  );
  const form = useForm<RequestFormValues>({ resolver, defaultValues, mode: 'onTouched' });
  const [sent, setSent] = useState(false);
  const fieldOf = useMemo(() => requestFieldOf(fields, []), [fields]);
  const work = useUnsavedWork<RequestFormValues, RequestDraft>({
    form,
    what: 'request',
    // Kept per draft once there is one, so a reload of the draft's address finds it.
    scope: `approval-request.${draft.saved?.id ?? 'new'}.${releaseId}`,
    carried,
    done: sent,
    draft: {
      saved: draft.saved,
      fieldOf,
      done: 'submitted',
      load: draft.load,
      onSaved: () => toast.success('Draft saved in this console. Only you see it; no reviewer does until you submit.'),
      save(values, overVersion) {
        const { external_id = '', form_data, documents, documentNames, signers } = values;
        const body = {
          workflow_id: workflow.id,
          workflow_name: workflow.name,
          values: { release_id: releaseId, external_id, form_data, documents, documentNames, signers },
        };
        return draft.save(body, overVersion);
      },
    },
  });
  const { discard } = work;
  useEffect(() => {
    handleRef.current = {
      carryOut() {
        if (!form.formState.isDirty) return null;
        discard();
        return { values: form.getValues(), suggestedId: isSuggestedExternalId(workflow, form.getValues('external_id')) };
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [form, handleRef, workflow, discard]);
  // Leaving the form (another workflow chosen) hands what was typed to the page, the External
  // ID included; a form left as it started keeps nothing, so a workflow passed over on the way
  // does not hide what another one would carry to it later.
  const keep = useRef(onKeep);
  useEffect(() => {
    keep.current = onKeep;
  });
  useEffect(
    () => () => {
      const values = form.getValues();
      keep.current(JSON.stringify(values) === JSON.stringify(form.formState.defaultValues) ? null : values);
    },
    [form],
  );
  const submitRequest = useSubmitApprovalRequest({
    onDone(created) {
      setSent(true);
      discard();
      onDone(created);
    },
    onFailed(err, { input }) {
      if (err instanceof ConsoleApiError && err.code === 'STALE_WORKFLOW_RELEASE') {
        const current = err.details.find((d) => typeof d.current_release_id === 'string')?.current_release_id as
          string | undefined;
        return onStale(current ?? null, form.getValues());
      }
      // A 409, or a 422 about the workflow itself, may mean the catalog moved (DESIGN.md §3 allows either).
      if (catalogMoved(err)) onRefused(err);
      applyApiError(form, err, {
        codes: { EXTERNAL_ID_TAKEN: { field: 'external_id', message: (e) => `${e.message} Choose another.` } },
        fieldOf: requestFieldOf(fields, input.documents ?? []),
        unknown: (e) =>
          e instanceof ConsoleApiError
            ? `${e.message} Trying again is safe: it cannot create a second request.`
            : 'The request failed. Try again.',
      });
    },
  });

  const saving = work.draftSave;
  const team = useTeamChoice();
  const saveDraft = (overVersion?: number) => saving.save(overVersion);

  const submit = () =>
    form.handleSubmit(async (values) => {
      const docs = documentRefs({ documents: values.documents, names: values.documentNames, signers: values.signers, signing });
      const body = {
        workflow_id: workflow.id,
        workflow_release_id: releaseId,
        external_id: values.external_id ?? '',
        form_data: values.form_data,
        ...(docs.length ? { documents: docs } : {}),
        submit: true,
        ...(team.teamId ? { team_id: team.teamId } : {}),
      };
      // Failures are shown by onFailed; the rejection carries nothing more.
      await submitRequest.run(body).catch(() => undefined);
    });

  const { errors, isSubmitting, isDirty } = form.formState;

  return (
    <Card
      as="form"
      onSubmit={(e) => (e.preventDefault(), form.clearErrors(), void submit()())}
      noValidate
      aria-label="Approval request"
      className="p-5"
    >
      <fieldset disabled={isSubmitting || saving.saving} className="flex flex-col gap-5">
        <legend className="sr-only">Request details for {workflow.name}</legend>
        {work.restored &&
          (work.restored.draftNewer ? (
            <UnsavedNotice kind="draft-newer" at={work.restored.at} onLoad={work.takeSavedDraft} onKeep={work.settle} />
          ) : (
            <UnsavedNotice
              kind="restored"
              at={work.restored.at}
              notYet="sent"
              then="Check it and submit, or Cancel to drop it."
            />
          ))}
        <div className="flex flex-wrap items-end gap-2">
          <Field
            label="External ID"
            required
            error={errors.external_id?.message}
            hint="Your own reference, unique in this app: 3 to 120 letters, digits, . _ : or -."
            className="min-w-72 flex-1"
          >
            <Input autoComplete="off" {...form.register('external_id')} />
          </Field>
          <Button
            variant="secondary"
            onClick={() => form.setValue('external_id', suggestExternalId(workflow), { shouldValidate: true })}
            className="mb-5"
          >
            Suggest another
          </Button>
        </div>
        <SchemaFields
          fields={fields}
          register={form.register}
          control={form.control}
          errors={errors}
          documents={{}}
          signing={signing}
        />
        <TeamPicker
          choice={team}
          label="Submit for team"
          hint="Who can see the request: the members of this team."
          className="max-w-sm"
        />
        <FormError error={errors.root?.server} />
        {saving.conflict && (
          <UnsavedNotice
            kind="conflict"
            savedAt={saving.conflict.updated_at}
            difference={conflictDifference(fields, workflow, form.getValues(), saving.conflict)}
            busy={saving.saving}
            onOverwrite={() => void saveDraft(saving.conflict!.version)}
            // The saved draft replaces what is typed here, kept copy and all.
            onLoad={() => work.loadTheirs(saving.conflict!)}
          />
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          <DraftStatus savedAt={draft.saved?.updated_at ?? null} dirty={isDirty} />
          {/* Said before a draft is saved: where it is kept, and who sees it. */}
          <p id="draft-consequences" className="max-w-md basis-full text-xs text-slate-600 sm:basis-auto">
            A draft is kept by this console for you alone, until you submit or delete it. Reviewers see nothing before you submit.
          </p>
          <LinkButton href="/approvals" variant="secondary">
            Cancel
          </LinkButton>
          <Button variant="secondary" busy={saving.saving} onClick={() => void saveDraft()} aria-describedby="draft-consequences">
            {saving.saving ? 'Saving…' : 'Save as draft'}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            Submit for approval
          </Button>
        </div>
      </fieldset>
      <LeaveDialog {...work.leaveDialog} />
    </Card>
  );
}
