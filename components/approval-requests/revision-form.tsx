'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { useReadRequestAfresh, useReviseApprovalRequest } from '@/lib/approval-requests/mutations';
import type { ApprovalRequestRecord, RevisionRequirements } from '@/lib/approval-requests/queries';
import { catalogItemQuery } from '@/lib/catalog/queries';
import type { FieldDescriptor } from '@/lib/submission-schema/fields';
import { Button } from '../ui/button';
import { applyApiError } from '@/lib/forms/apply-api-error';
import { contentOf, describeChanges, type RevisionChanges } from './revision-changes';
import { documentNames, type DocumentSources } from './document-choices';
import { acceptsSigning, documentRefs } from './document-refs';
import { SchemaFields } from './schema-fields';
import { useUnsavedWork } from '@/lib/unsaved-work/use-unsaved-work';
import { LeaveDialog } from '../unsaved-work/leave-dialog';
import { UnsavedNotice } from '../unsaved-work/unsaved-notice';
import { requestFieldOf, valuesFrom, type RequestFormValues } from './schema-form-base';
import { lazyResolver } from '../ui/lazy-resolver';
import { toFormValue } from './schema-form-values';
import { FormError } from '../ui/form-error';

// How long a re-read after a conflict may take before the form says it failed: the query's own
// retries (a busy API) can run much longer, and the requester is waiting on a spinning button.
const REREAD_MS = 8_000;

/** The promise's value, or undefined when it fails or takes longer than `ms`. */
function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  // The timer goes once the answer is in: a form that re-read at once keeps no 8 s timer alive.
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

interface RevisionFormProps {
  request: ApprovalRequestRecord;
  fields: FieldDescriptor[];
  /** the last read of the revision: its versions are the ones quoted */
  read: RevisionRequirements;
  /** reads the revision again and answers the new read */
  reread(): Promise<RevisionRequirements | undefined>;
}

/**
 * The answer to a revision, pre-filled from the saved draft or the current data. Both actions
 * quote the versions of the last read; a conflict re-reads, shows what changed, and keeps
 * everything typed for the retry.
 */
export function RevisionForm({ request, fields, read, reread }: RevisionFormProps) {
  const readRequest = useReadRequestAfresh(request.id);
  const hasDocuments = fields.some((f) => f.kind === 'document');
  // Signers only where the workflow accepts per-document signing: the request's own flag when
  // it carries one, else the workflow's record (absent or false: not offered).
  const ownFlag = request.accepts_per_document_signing;
  const workflow = useQuery({
    ...catalogItemQuery('approval-workflows', request.workflow_id ?? ''),
    enabled: hasDocuments && typeof ownFlag !== 'boolean' && Boolean(request.workflow_id),
  });
  const signing = hasDocuments && acceptsSigning(request, workflow.data);
  const current = { form_data: request.form_data, documents: request.documents ?? [] };
  const [initial] = useState(() => {
    const c = contentOf(read, current);
    return valuesFrom(fields, c.form_data, c.documents);
  });
  // The resolver reads the ref (set just before validation); the buttons show the state.
  const which = useRef<'revision-draft' | 'resubmit'>('resubmit');
  const [pending, setPending] = useState<'revision-draft' | 'resubmit'>('resubmit');
  // The validator (zod) loads at the first validation, not with the page.
  const resolver = useMemo<Resolver<RequestFormValues>>(
    () =>
      lazyResolver(() =>
        Promise.all([import('@hookform/resolvers/zod'), import('./schema-form-model')]).then(
          ([{ zodResolver }, { requestFormSchema }]) => {
            const byIntent = {
              'revision-draft': zodResolver(
                requestFormSchema(fields, 'revision-draft', false, { signing }) as never,
              ) as Resolver<RequestFormValues>,
              resubmit: zodResolver(
                requestFormSchema(fields, 'resubmit', false, { signing }) as never,
              ) as Resolver<RequestFormValues>,
            };
            const resolve: Resolver<RequestFormValues> = (values, context, options) =>
              byIntent[which.current](values, context, options);
            return resolve;
          },
        ),
      ),
    [fields, signing],
  );
  const form = useForm<RequestFormValues>({ resolver, defaultValues: initial, mode: 'onTouched' });
  const [changes, setChanges] = useState<RevisionChanges | null>(null);
  // What is typed is kept in this browser until saved, per round of revision.
  const [resubmitted, setResubmitted] = useState(false);
  // Saved from the leave dialog by the revision's own draft (the API's), set once `attempt` exists.
  const saveDraft = useRef<() => Promise<boolean>>(async () => false);
  const work = useUnsavedWork<RequestFormValues>({
    form,
    what: 'revision',
    scope: `approval-request.revision.${request.id}.${read.task.version}`,
    done: resubmitted,
    basis: read.version,
    keep: { label: 'Save draft and leave', busy: isSubmittingDraft(form, pending), run: () => saveDraft.current() },
  });
  const { discard, settle } = work;
  // The attached documents and the draft's are offered first: a search may not find them.
  const sources: DocumentSources = { attached: current.documents, saved: read.draft?.documents };
  const asked = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const r of read.task.requirements) if (r.field_key) map.set(r.field_key, [...(map.get(r.field_key) ?? []), r.message]);
    return map;
  }, [read.task.requirements]);

  const revise = useReviseApprovalRequest(request.id, {
    async onDone(_updated, { action }) {
      if (action === 'revision-draft') {
        setChanges(null);
        // Saved: what the form shows now is what leaving would keep.
        form.reset(form.getValues());
        discard();
        settle();
        toast.success('Draft saved. The reviewer sees it only once you resubmit.');
        await reread().catch(() => undefined);
        return;
      }
      setResubmitted(true);
      discard();
      toast.success('Resubmitted: the request is back with the reviewer.');
    },
    async onFailed(err, { input }) {
      // Whatever the API calls it, a 409 is answered by reading again: when the versions moved,
      // the user sees what changed and keeps what they typed; otherwise the refusal is shown.
      if (err instanceof ConsoleApiError && err.status === 409) {
        const [fresh, freshRequest] = await Promise.all([within(REREAD_MS, reread()), within(REREAD_MS, readRequest())]);
        if (fresh && (fresh.version !== input.basis.version || fresh.task.version !== input.basis.task.version)) {
          const after = freshRequest ? { form_data: freshRequest.form_data, documents: freshRequest.documents ?? [] } : current;
          setChanges(describeChanges(input.basis, fresh, fields, current, after));
          return;
        }
        if (!fresh) {
          form.setError('root.server', {
            message:
              'This request was refused as changed elsewhere, and reading it again failed. Nothing was saved; everything you typed is still here. Try again in a moment: the next attempt reads it first.',
          });
          return;
        }
      }
      applyApiError(form, err, {
        fieldOf: requestFieldOf(fields, input.body.documents ?? []),
        unknown: (e) =>
          e instanceof ConsoleApiError
            ? `${e.message} Trying again is safe: the same attempt is not applied twice.`
            : 'The request failed. Try again.',
      });
    },
  });

  /** Sends the form as `action`; answers whether it went through (failures are shown by onFailed). */
  const attempt = (action: 'revision-draft' | 'resubmit', values: RequestFormValues) => {
    const basis = read;
    const docs = documentRefs({ documents: values.documents, names: values.documentNames, signers: values.signers, signing });
    const body = {
      expected_version: basis.version,
      expected_task_version: basis.task.version,
      form_data: values.form_data,
      ...(hasDocuments ? { documents: docs } : {}),
    };
    return revise.run({ action, body, basis }).then(
      () => true,
      () => false,
    );
  };

  const start = (action: 'revision-draft' | 'resubmit') => {
    which.current = action;
    setPending(action);
    form.clearErrors();
  };
  const click = (action: 'revision-draft' | 'resubmit') => {
    start(action);
    void form.handleSubmit(async (values) => void (await attempt(action, values)))();
  };
  const { errors, isSubmitting } = form.formState;
  // Saved only once every check passes; a check or a refusal keeps the user here to see it.
  useEffect(() => {
    saveDraft.current = async () => {
      let saved = false;
      start('revision-draft');
      await form.handleSubmit(async (values) => {
        saved = await attempt('revision-draft', values);
      })();
      return saved;
    };
  });

  return (
    <form
      onSubmit={(e) => (e.preventDefault(), click('resubmit'))}
      noValidate
      aria-label="Revision"
      className="flex flex-col gap-4"
    >
      {changes && (
        <ChangesNotice
          changes={changes}
          onUse={(c) => {
            const field = fields.find((f) => f.key === c.key);
            if (c.kind === 'document') {
              const id = String(c.value ?? '');
              form.setValue(`documents.${c.key}`, id, { shouldDirty: true });
              const known = documentNames(sources).get(id);
              if (known) form.setValue(`documentNames.${c.key}`, known, { shouldDirty: true });
            } else if (field) form.setValue(`form_data.${c.key}`, toFormValue(field, c.value, false), { shouldDirty: true });
          }}
        />
      )}
      {work.restored &&
        (work.restored.draftNewer ? (
          <UnsavedNotice kind="draft-newer" at={work.restored.at} onLoad={work.takeSavedDraft} onKeep={settle} />
        ) : (
          <UnsavedNotice kind="restored" at={work.restored.at} notYet="saved" then="Check it, then save or resubmit." />
        ))}
      <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
        <legend className="sr-only">Revised request data</legend>
        <SchemaFields
          fields={fields}
          register={form.register}
          control={form.control}
          errors={errors}
          documents={sources}
          signing={signing}
          requests={asked}
        />
        <FormError error={errors.root?.server} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="mr-auto text-xs text-slate-600">
            {/* The versions this form answers stay in the request body; people need only know it is the latest ask. */}
            You are answering the reviewer’s latest request for changes.
          </p>
          <Button variant="secondary" busy={isSubmitting && pending === 'revision-draft'} onClick={() => click('revision-draft')}>
            Save draft
          </Button>
          <Button type="submit" busy={isSubmitting && pending === 'resubmit'}>
            Resubmit
          </Button>
        </div>
      </fieldset>
      <LeaveDialog {...work.leaveDialog} />
    </form>
  );
}

/** The revision's own draft is being saved (its button and the leave dialog's show it). */
const isSubmittingDraft = (form: { formState: { isSubmitting: boolean } }, pending: string) =>
  form.formState.isSubmitting && pending === 'revision-draft';

function ChangesNotice({ changes, onUse }: { changes: RevisionChanges; onUse(change: RevisionChanges['fields'][number]): void }) {
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">This request changed while you were editing, so nothing was saved.</p>
      <p className="mt-1">
        It was saved elsewhere (another tab or another person) after you opened it. What you typed is still in the form.
      </p>
      {changes.fields.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-1" aria-label="Changed fields">
          {changes.fields.map((c) => (
            <li key={c.key} className="flex flex-wrap items-center gap-2">
              <span>
                <strong>{c.title}</strong>: “{c.before}” → “{c.after}”
              </span>
              <Button size="sm" variant="secondary" onClick={() => onUse(c)}>
                Use “{c.after.length > 24 ? `${c.after.slice(0, 24)}…` : c.after}” for {c.title}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">No field of the saved draft changed.</p>
      )}
      {changes.requirementsChanged && (
        <p className="mt-2">The reviewer&apos;s requirements changed too: read them again above.</p>
      )}
      <p className="mt-2">Review the changes, then save or resubmit again: your next attempt builds on what was saved.</p>
    </div>
  );
}
