'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { ConsoleApiError } from '@/lib/api-error';
import {
  approvalKeys,
  pickableDocumentsQuery,
  resubmitApprovalRequest,
  saveRevisionDraft,
  type ApprovalRequestRecord,
  type RevisionRequirements,
} from '@/lib/queries/approvals';
import type { FieldDescriptor, SubmissionSchemaDocument } from '@/lib/submission-schema';
import { Button } from '../ui/button';
import { isUnsettled, useIntentKey } from '../ui/use-intent-key';
import { contentOf, describeChanges, type RevisionChanges } from './revision-changes';
import { SchemaFields } from './schema-fields';
import { documentRefs, placeDetails, requestFormSchema, valuesFrom, type RequestFormValues } from './schema-form-model';
import { FormError } from '../ui/form-error';

interface RevisionFormProps {
  request: ApprovalRequestRecord;
  schema: SubmissionSchemaDocument;
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
export function RevisionForm({ request, schema, fields, read, reread }: RevisionFormProps) {
  const client = useQueryClient();
  const hasDocuments = fields.some((f) => f.kind === 'document');
  const documents = useQuery({ ...pickableDocumentsQuery(), enabled: hasDocuments });
  const current = { form_data: request.form_data, documents: request.documents ?? [] };
  const [initial] = useState(() => {
    const c = contentOf(read, current);
    return valuesFrom(fields, c.form_data, c.documents);
  });
  // The resolver reads the ref (set just before validation); the buttons show the state.
  const which = useRef<'revision-draft' | 'resubmit'>('resubmit');
  const [pending, setPending] = useState<'revision-draft' | 'resubmit'>('resubmit');
  const resolver = useMemo<Resolver<RequestFormValues>>(() => {
    const schemas = { 'revision-draft': requestFormSchema(schema, fields, 'revision-draft', false), resubmit: requestFormSchema(schema, fields, 'resubmit', false) };
    return (values, context, options) => (zodResolver(schemas[which.current]) as unknown as Resolver<RequestFormValues>)(values, context, options);
  }, [schema, fields]);
  const form = useForm<RequestFormValues>({ resolver, defaultValues: initial, mode: 'onTouched' });
  const [changes, setChanges] = useState<RevisionChanges | null>(null);
  const intent = useIntentKey('apr-revision');
  const busy = useRef(false);

  const asked = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const r of read.task.requirements) if (r.field_key) map.set(r.field_key, [...(map.get(r.field_key) ?? []), r.message]);
    return map;
  }, [read.task.requirements]);

  const run = (action: 'revision-draft' | 'resubmit') =>
    form.handleSubmit(async (values) => {
      if (busy.current) return;
      busy.current = true;
      const basis = read;
      const names = new Map((documents.data?.data ?? []).map((d) => [d.id, d.name]));
      const docs = documentRefs(values.documents, names);
      const body = { expected_version: basis.version, expected_task_version: basis.task.version, form_data: values.form_data, ...(hasDocuments ? { documents: docs } : {}) };
      const key = intent.take(`${action}:${JSON.stringify(body)}`);
      try {
        if (action === 'revision-draft') {
          await saveRevisionDraft(request.id, body, key);
          intent.settle();
          setChanges(null);
          toast.success('Draft saved. The reviewer sees it only once you resubmit.');
          await reread();
          void client.invalidateQueries({ queryKey: approvalKeys.item(request.id), exact: true });
        } else {
          const updated = await resubmitApprovalRequest(request.id, body, key);
          intent.settle();
          toast.success('Resubmitted: the request is back with the reviewer.');
          client.removeQueries({ queryKey: approvalKeys.revision(request.id) });
          client.setQueryData(approvalKeys.item(request.id), updated);
          void client.invalidateQueries({ queryKey: approvalKeys.all });
        }
      } catch (err) {
        if (!isUnsettled(err)) intent.settle();
        if (!(err instanceof ConsoleApiError)) return form.setError('root.server', { message: 'The request failed. Try again.' });
        if (err.code === 'VERSION_CONFLICT') {
          const fresh = await reread();
          void client.invalidateQueries({ queryKey: approvalKeys.item(request.id), exact: true });
          if (fresh) setChanges(describeChanges(basis, fresh, fields, current));
          return;
        }
        if (err.code === 'NOT_IN_REVISION') void client.invalidateQueries({ queryKey: approvalKeys.item(request.id), exact: true });
        const placed = placeDetails(fields, err.details, docs);
        placed.fields.forEach(([path, message], i) => form.setError(path, { type: 'server', message }, { shouldFocus: i === 0 }));
        if (placed.fields.length === 0 || placed.other.length > 0) {
          const retry = isUnsettled(err) ? ' Trying again is safe: the same attempt is not applied twice.' : '';
          form.setError('root.server', { message: `${err.message}${placed.other.length ? ` ${placed.other.join('; ')}` : ''}${retry}` });
        }
      } finally {
        busy.current = false;
      }
    });

  const click = (action: 'revision-draft' | 'resubmit') => {
    which.current = action;
    setPending(action);
    form.clearErrors();
    void run(action)();
  };
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={(e) => (e.preventDefault(), click('resubmit'))} noValidate aria-label="Revision" className="flex flex-col gap-4">
      {changes && <ChangesNotice changes={changes} onUse={(c) => form.setValue(c.kind === 'document' ? `documents.${c.key}` : `form_data.${c.key}`, c.value ?? '', { shouldDirty: true })} />}
      <fieldset disabled={isSubmitting} className="flex flex-col gap-4">
        <legend className="sr-only">Revised request data</legend>
        <SchemaFields fields={fields} register={form.register} errors={errors} documents={documents.data?.data} requests={asked} />
        <FormError error={errors.root?.server} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          <p className="mr-auto text-xs text-slate-600">
            Answering request version {read.version}, revision task version {read.task.version}.
          </p>
          <Button variant="secondary" busy={isSubmitting && pending === 'revision-draft'} onClick={() => click('revision-draft')}>
            Save draft
          </Button>
          <Button type="submit" busy={isSubmitting && pending === 'resubmit'}>
            Resubmit
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function ChangesNotice({ changes, onUse }: { changes: RevisionChanges; onUse(change: RevisionChanges['fields'][number]): void }) {
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">This request changed while you were editing, so nothing was saved.</p>
      <p className="mt-1">
        Request version {changes.version[0]} → {changes.version[1]}, revision task version {changes.taskVersion[0]} → {changes.taskVersion[1]}. What you typed is still in the form.
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
      {changes.requirementsChanged && <p className="mt-2">The reviewer&apos;s requirements changed too: read them again above.</p>}
      <p className="mt-2">Review the changes, then save or resubmit again: the next attempt answers the versions just read.</p>
    </div>
  );
}
