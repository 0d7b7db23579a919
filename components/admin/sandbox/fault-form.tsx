'use client';

import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import type { FaultRule } from '@/lib/admin/queries';
import { FAULT_METHODS, MAX_FAULT_DELAY_MS } from '@/lib/admin/fault-limits';
import { Button } from '../../ui/button';
import { CheckField, Field, Input, Select } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { adminErrorPlacement } from '@/lib/forms/admin-placement';
import { useSetFaults } from '@/lib/admin/sandbox-mutations';
import type { FaultOutput, FaultValues } from './sandbox-resolvers';
import { lazyResolver } from '../../ui/lazy-resolver';

type Values = FaultValues;

const BEFORE = { after_commit: false, drop: false };
const BLANK: Values = { method: 'GET', path: '', status: '503', code: '', retry_after: '', times: '', latency_ms: '', ...BEFORE };
const PRESETS: { label: string; values: Values }[] = [
  {
    label: 'API unavailable',
    values: {
      method: '*',
      path: '/api/v1/*',
      status: '503',
      code: 'SERVICE_UNAVAILABLE',
      retry_after: '5',
      times: '',
      latency_ms: '',
      ...BEFORE,
    },
  },
  {
    label: 'Rate limited once',
    values: {
      method: '*',
      path: '/api/v1/*',
      status: '429',
      code: 'RATE_LIMITED',
      retry_after: '2',
      times: '1',
      latency_ms: '',
      ...BEFORE,
    },
  },
  {
    label: 'Uploads busy',
    values: {
      method: 'POST',
      path: '/api/v1/documents',
      status: '503',
      code: 'UPLOAD_BUSY',
      retry_after: '3',
      times: '2',
      latency_ms: '',
      ...BEFORE,
    },
  },
  {
    label: 'Send conflict',
    values: {
      method: 'POST',
      path: '/api/v1/signature-packages',
      status: '409',
      code: 'IDEMPOTENCY_IN_PROGRESS',
      retry_after: '',
      times: '1',
      latency_ms: '',
      ...BEFORE,
    },
  },
  {
    label: 'Send answer lost',
    values: {
      method: 'POST',
      path: '/api/v1/signature-packages',
      status: '',
      code: '',
      retry_after: '',
      times: '1',
      latency_ms: '',
      after_commit: true,
      drop: true,
    },
  },
  {
    label: 'Slow API',
    values: { method: 'GET', path: '/api/v1/*', status: '', code: '', retry_after: '', times: '', latency_ms: '3000', ...BEFORE },
  },
];

const PLACEMENT = adminErrorPlacement<Values>({
  fields: ['method', 'path', 'status', 'code', 'retry_after', 'times', 'latency_ms', 'after_commit', 'drop'],
});
const ignore = () => undefined;
// zod and the checks load at the form's first validation (sandbox-resolvers.ts).
const resolver = lazyResolver(() => import('./sandbox-resolvers').then((m) => m.faultResolver));

/** What the new rule does, in the toast that confirms it. */
function effect(r: FaultRule): string {
  const fails = r.drop === true || r.status !== undefined;
  const answer = r.drop
    ? 'drops the answer'
    : r.status !== undefined
      ? `answers ${r.status}${r.code ? ` ${r.code}` : ''}`
      : 'then answers normally';
  const first = [
    r.after_commit ? 'lets the call commit' : '',
    r.latency_ms !== undefined ? `waits ${r.latency_ms} ms` : '',
  ].filter(Boolean);
  if (first.length === 0) return answer;
  return `${first.join(', ')}${fails ? ', then ' : ' '}${answer}`;
}

/** Adds one rule to the active ones (the control plane replaces the whole list). */
export function FaultForm({ active }: { active: FaultRule[] }) {
  const form = useForm<Values, unknown, FaultOutput>({ resolver, defaultValues: BLANK });
  const save = useSetFaults({
    form: { target: form, placement: PLACEMENT },
    onDone(_, change) {
      toast.success(change.done);
      form.reset(BLANK);
    },
  });
  const { errors, isSubmitting } = form.formState;
  // Failures are shown by the form binding only (a toast besides would say them twice).
  const submit = form.handleSubmit((v) => {
    const added: FaultRule = {
      method: v.method,
      path: v.path,
      ...(v.status !== '' ? { status: v.status } : {}),
      ...(v.code ? { code: v.code } : {}),
      ...(v.retry_after !== '' ? { retry_after: v.retry_after } : {}),
      ...(v.times !== '' ? { times: v.times } : {}),
      ...(v.latency_ms !== '' ? { latency_ms: v.latency_ms } : {}),
      ...(v.after_commit ? { after_commit: true } : {}),
      ...(v.drop ? { drop: true } : {}),
    };
    const done = `Fault injected: ${added.method} ${added.path} ${effect(added)}${added.times ? ` ${added.times} time(s)` : ' until cleared'}.`;
    return save.run({ rules: [...active, added], done }).then(ignore, ignore);
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Inject a fault">
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-700">Start from:</span>
        {PRESETS.map((p) => (
          <Button
            key={p.label}
            variant="ghost"
            size="sm"
            className="ring-1 ring-inset ring-slate-200"
            onClick={() => form.reset(p.values)}
            disabled={isSubmitting}
          >
            {p.label}
          </Button>
        ))}
      </div>
      <fieldset disabled={isSubmitting} className="grid gap-3 sm:grid-cols-4">
        <Field label="Method">
          <Select {...form.register('method')}>
            {FAULT_METHODS.map((m) => (
              <option key={m} value={m}>
                {m === '*' ? 'Any (*)' : m}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Path" required error={errors.path?.message} hint="Exact, or a prefix ending in *" className="sm:col-span-2">
          <Input placeholder="/api/v1/approval-requests" {...form.register('path')} />
        </Field>
        <Field label="Status" error={errors.status?.message} hint="Blank: no error">
          <Input type="number" min={400} max={599} inputMode="numeric" {...form.register('status')} />
        </Field>
        <Field label="Error code" error={errors.code?.message}>
          <Input placeholder="INJECTED_FAULT" {...form.register('code')} />
        </Field>
        <Field label="Retry-After (s)" error={errors.retry_after?.message}>
          <Input type="number" min={0} max={3600} inputMode="numeric" {...form.register('retry_after')} />
        </Field>
        <Field label="Times" error={errors.times?.message} hint="Blank: until cleared">
          <Input type="number" min={1} max={1000} inputMode="numeric" {...form.register('times')} />
        </Field>
        <Field label="Delay (ms)" error={errors.latency_ms?.message} hint="Before the answer">
          <Input type="number" min={1} max={MAX_FAULT_DELAY_MS} inputMode="numeric" {...form.register('latency_ms')} />
        </Field>
        <div className="grid gap-3 sm:col-span-4 sm:grid-cols-2">
          <CheckField
            label="After commit"
            hint="The call runs and commits first; only its answer fails (or is dropped): the outcome a client cannot tell from a lost request."
            error={errors.after_commit?.message}
          >
            <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" {...form.register('after_commit')} />
          </CheckField>
          <CheckField
            label="Drop the answer"
            hint="With After commit, and no status: the connection closes without a byte of answer."
            error={errors.drop?.message}
          >
            <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" {...form.register('drop')} />
          </CheckField>
        </div>
        <div className="flex flex-wrap items-start gap-3 sm:col-span-4">
          <Button type="submit" busy={isSubmitting} disabled={active.length >= 20}>
            Inject fault
          </Button>
          {active.length >= 20 && <p className="py-2 text-sm text-slate-700">20 rules at most: remove one first.</p>}
          <FormError error={errors.root} />
        </div>
      </fieldset>
    </form>
  );
}
