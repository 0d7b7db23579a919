'use client';

import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { submissionSchemaQuery } from '@/lib/catalog/queries';
import type { ReviewedRequest, ReviewerAction } from '@/lib/admin/queries';
import { fieldsOf } from '@/lib/submission-schema/fields';
import { statusWords } from '@/lib/status-labels';
import { Button } from '../../ui/button';
import { Field, Input, SelectField, Textarea } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { adminErrorPlacement } from '@/lib/forms/admin-placement';
import { isBlank } from './requirement-rows';
import { useReviewerAction } from '@/lib/admin/sandbox-mutations';
import type { ReviewerValues } from './sandbox-resolvers';
import { lazyResolver } from '../../ui/lazy-resolver';

const ACTIONS: { value: ReviewerAction; label: string; hint: string }[] = [
  { value: 'approve', label: 'Approve', hint: 'Decides the current layer; the request moves to the next layer or is approved.' },
  { value: 'request_revision', label: 'Request revision', hint: 'Sends it back to the requester with what must change.' },
  { value: 'reject', label: 'Reject', hint: 'Closes the request as rejected.' },
];
const SUBMIT: Record<ReviewerAction, string> = {
  approve: 'Approve',
  request_revision: 'Request revision',
  reject: 'Reject request',
};
const DONE: Record<ReviewerAction, string> = { approve: 'Approved', request_revision: 'Revision requested', reject: 'Rejected' };
const PLACEMENT = adminErrorPlacement<ReviewerValues>({ fields: ['comment', 'requirements'], nested: ['requirements'] });
const ignore = () => undefined;
// zod and the checks load at the form's first validation (sandbox-resolvers.ts).
const resolver = lazyResolver(() => import('./sandbox-resolvers').then((m) => m.reviewerResolver));

/** The reviewer's decision on one request; a refusal keeps everything typed and shows why. */
export function ReviewerForm({ request, onDone }: { request: ReviewedRequest; onDone(updated: ReviewedRequest): void }) {
  const [workflowId, release] = (request.workflow_release_id ?? '').split('@');
  const schemaQuery = useQuery({
    ...submissionSchemaQuery(workflowId ?? '', Number(release)),
    enabled: Boolean(workflowId && release),
  });
  const fields = schemaQuery.data ? fieldsOf(schemaQuery.data.schema) : [];
  const form = useForm({
    resolver,
    defaultValues: { action: 'approve' as ReviewerAction, comment: '', requirements: [{ field_key: '', message: '' }] },
  });
  const list = useFieldArray({ control: form.control, name: 'requirements' });
  const { errors, isSubmitting } = form.formState;
  const action = useWatch({ control: form.control, name: 'action' });
  const act = useReviewerAction({
    form: { target: form, placement: PLACEMENT },
    onDone(updated, decision) {
      const where =
        updated.status === 'IN_PROGRESS' && updated.current_layer_name ? ` at layer “${updated.current_layer_name}”` : '';
      toast.success(
        `${DONE[decision.action]}: ${updated.external_id ?? updated.id} — now ${statusWords('request', updated.status)}${where}.`,
      );
      form.reset();
      onDone(updated);
    },
  });

  // Failures are shown by the form binding only (a toast besides would say them twice).
  const submit = form.handleSubmit((v) => {
    const given = v.action === 'request_revision' ? v.requirements.filter((r) => !isBlank(r)) : [];
    const requirements = given.length
      ? given.map((r) => ({ message: r.message, ...(r.field_key ? { field_key: r.field_key } : {}) }))
      : undefined;
    return act.run({ id: request.id, action: v.action, comment: v.comment || undefined, requirements }).then(ignore, ignore);
  });

  return (
    <form onSubmit={submit} noValidate>
      {/* Until the decision's reads are back too: the form is reset as soon as it is answered,
          and a click meanwhile would be taken for the same decision. */}
      <fieldset disabled={isSubmitting || act.pending} className="flex flex-col gap-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Decision</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {ACTIONS.map((a) => (
              <label
                key={a.value}
                className="flex gap-2 rounded-md p-2 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-600/40"
              >
                <input type="radio" value={a.value} className="mt-0.5 accent-brand-600" {...form.register('action')} />
                <span className="text-sm">
                  <span className="font-medium text-slate-900">{a.label}</span>
                  <span className="block text-xs text-slate-600">{a.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {action === 'request_revision' && (
          <fieldset className="flex flex-col gap-3 rounded-md bg-slate-50 p-3">
            <legend className="sr-only">Requirements</legend>
            <p className="text-sm font-medium text-slate-800">Requirements for the requester</p>
            <p className="text-xs text-slate-600">Optional: without any, the requester reads only your comment.</p>
            {list.fields.map((item, i) => (
              <div key={item.id} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
                <SelectField
                  label={`Field of requirement ${i + 1}`}
                  error={errors.requirements?.[i]?.field_key?.message}
                  blank="The whole request"
                  options={fields.map((f) => ({ value: f.key, label: f.title }))}
                  {...form.register(`requirements.${i}.field_key`)}
                />
                <Field label={`What must change (${i + 1})`} required error={errors.requirements?.[i]?.message?.message}>
                  <Input maxLength={500} {...form.register(`requirements.${i}.message`)} />
                </Field>
                <Button
                  variant="ghost"
                  size="sm"
                  className="sm:mt-6"
                  onClick={() => list.remove(i)}
                  disabled={list.fields.length === 1}
                  aria-label={`Remove requirement ${i + 1}`}
                >
                  Remove
                </Button>
              </div>
            ))}
            {(errors.requirements?.message ?? errors.requirements?.root?.message) && (
              <p role="alert" className="text-xs font-medium text-red-700">
                {errors.requirements?.message ?? errors.requirements?.root?.message}
              </p>
            )}
            <div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => list.append({ field_key: '', message: '' })}
                disabled={list.fields.length >= 20}
              >
                Add requirement
              </Button>
            </div>
          </fieldset>
        )}
        <Field
          label="Comment (optional)"
          error={errors.comment?.message}
          hint="Recorded with the decision; the requester sees it."
        >
          <Textarea maxLength={1000} {...form.register('comment')} />
        </Field>
        <FormError error={errors.root} />
        <div>
          <Button type="submit" variant={action === 'reject' ? 'danger' : 'primary'} busy={isSubmitting || act.pending}>
            {SUBMIT[action]}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
