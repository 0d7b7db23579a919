'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useSetFaults, type FaultRule } from '@/lib/queries/admin';
import { faultRulesSchema } from '@/lib/schemas/admin';
import { Button } from '../../ui/button';
import { Field, Input, Select } from '../../ui/field';
import { showApiError } from '../form-errors';

const rule = faultRulesSchema.shape.rules.element;
const blankOr = (n: z.ZodNumber) => z.union([z.literal(''), z.coerce.number<string>({ message: 'Enter a number' }).pipe(n)]);

const schema = z.object({
  method: z.enum(['*', 'GET', 'POST', 'PATCH', 'DELETE']),
  path: z.string().trim().pipe(rule.shape.path),
  status: z.coerce.number<string>({ message: 'Enter a status' }).pipe(z.number().int().min(400, '400 to 599').max(599, '400 to 599')),
  code: z.union([z.literal(''), z.string().trim().pipe(z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'UPPER_SNAKE, e.g. SERVICE_UNAVAILABLE').max(60))]),
  retry_after: blankOr(z.number().int('Whole seconds').min(0, '0 to 3600').max(3600, '0 to 3600')),
  times: blankOr(z.number().int('Whole number').min(1, '1 to 1000').max(1000, '1 to 1000')),
});
type Values = z.input<typeof schema>;

const BLANK: Values = { method: 'GET', path: '', status: '503', code: '', retry_after: '', times: '' };
const PRESETS: { label: string; values: Values }[] = [
  { label: 'API unavailable', values: { method: '*', path: '/api/v1/*', status: '503', code: 'SERVICE_UNAVAILABLE', retry_after: '5', times: '' } },
  { label: 'Rate limited once', values: { method: '*', path: '/api/v1/*', status: '429', code: 'RATE_LIMITED', retry_after: '2', times: '1' } },
  { label: 'Uploads busy', values: { method: 'POST', path: '/api/v1/documents', status: '503', code: 'UPLOAD_BUSY', retry_after: '3', times: '2' } },
  { label: 'Send conflict', values: { method: 'POST', path: '/api/v1/signature-packages', status: '409', code: 'IDEMPOTENCY_IN_PROGRESS', retry_after: '', times: '1' } },
];

const FIELDS = ['method', 'path', 'status', 'code', 'retry_after', 'times'] as const;

/** Adds one rule to the active ones (the control plane replaces the whole list). */
export function FaultForm({ active }: { active: FaultRule[] }) {
  const save = useSetFaults();
  const form = useForm<Values, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: BLANK });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    const added: FaultRule = {
      method: v.method,
      path: v.path,
      status: v.status,
      ...(v.code ? { code: v.code } : {}),
      ...(v.retry_after !== '' ? { retry_after: v.retry_after } : {}),
      ...(v.times !== '' ? { times: v.times } : {}),
    };
    try {
      await save.mutateAsync([...active, added]);
      toast.success(`Fault injected: ${added.method} ${added.path} answers ${added.status}${added.code ? ` ${added.code}` : ''}${added.times ? ` ${added.times} time(s)` : ' until cleared'}.`);
      form.reset(BLANK);
    } catch (err) {
      toast.error(showApiError(form, err, { fields: FIELDS.map((f) => f) }));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Inject a fault">
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-700">Start from:</span>
        {PRESETS.map((p) => (
          <Button key={p.label} variant="ghost" size="sm" className="ring-1 ring-inset ring-slate-200" onClick={() => form.reset(p.values)} disabled={isSubmitting}>
            {p.label}
          </Button>
        ))}
      </div>
      <fieldset disabled={isSubmitting} className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Field label="Method">
          <Select {...form.register('method')}>
            {schema.shape.method.options.map((m) => (
              <option key={m} value={m}>
                {m === '*' ? 'Any (*)' : m}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Path" required error={errors.path?.message} hint="Exact, or a prefix ending in *" className="sm:col-span-2">
          <Input placeholder="/api/v1/approval-requests" {...form.register('path')} />
        </Field>
        <Field label="Status" required error={errors.status?.message}>
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
        <div className="flex flex-wrap items-start gap-3 sm:col-span-2 sm:pt-6 lg:col-span-5">
          <Button type="submit" busy={isSubmitting} disabled={active.length >= 20}>
            Inject fault
          </Button>
          {active.length >= 20 && <p className="py-2 text-sm text-slate-700">20 rules at most: remove one first.</p>}
          {errors.root && (
            <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              {errors.root.message}
            </p>
          )}
        </div>
      </fieldset>
    </form>
  );
}
