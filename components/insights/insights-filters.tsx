import { Suspense } from 'react';
import { INSIGHTS_PERIODS, PERIOD_LABELS, type InsightsParams } from '@/lib/insights/params';
import type { InsightsData } from '@/lib/insights/types';
import { Button } from '../ui/button';
import { Field, Input, SelectField } from '../ui/field';
import { TimeZoneField } from './time-zone-field';

/**
 * The period and filters, a plain GET form: the URL holds them, so a view can be shared and
 * kept, and the server reads them (and says what is wrong with them) before anything is drawn.
 */
export function InsightsFilters({
  params,
  options,
  errors,
}: {
  params: InsightsParams;
  options: InsightsData['options'] | null;
  errors: Partial<Record<string, string>>;
}) {
  const choices = (list: { id: string; name: string | null }[] | undefined, current?: string) => {
    const all = (list ?? []).map((o) => ({ value: o.id, label: o.name ?? o.id }));
    // A value in the URL the period's options lack is still shown, so the form says what is applied.
    return current && !all.some((o) => o.value === current) ? [...all, { value: current, label: current }] : all;
  };
  return (
    <form
      method="get"
      action="/insights"
      className="mb-6 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      aria-label="Period and filters"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Period"
          name="period"
          defaultValue={params.period ?? '30d'}
          options={INSIGHTS_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
          error={errors.period}
        />
        <Field label="From" hint="For “From – to”" error={errors.from}>
          <Input type="date" name="from" defaultValue={params.from} />
        </Field>
        <Field label="To" error={errors.to}>
          <Input type="date" name="to" defaultValue={params.to} />
        </Field>
        <SelectField
          label="Team"
          name="team"
          blank="All I see"
          defaultValue={params.team ?? ''}
          options={choices(options?.teams, params.team)}
          error={errors.team}
        />
        <SelectField
          label="Template"
          name="template"
          blank="Any template"
          defaultValue={params.template ?? ''}
          options={choices(options?.templates, params.template)}
          error={errors.template}
        />
        <SelectField
          label="Workflow"
          name="workflow"
          blank="Any workflow"
          defaultValue={params.workflow ?? ''}
          options={choices(options?.workflows, params.workflow)}
          error={errors.workflow}
        />
        <SelectField
          label="Sender"
          name="sender"
          blank="Anyone"
          defaultValue={params.sender ?? ''}
          options={choices(options?.senders, params.sender)}
          error={errors.sender}
        />
      </div>
      {errors.tz && <p className="mt-2 text-sm text-red-700">Time zone: {errors.tz}</p>}
      <Suspense>
        <TimeZoneField given={params.tz} />
      </Suspense>
      <div className="mt-3 flex items-center gap-3">
        <Button type="submit">Apply</Button>
        <p className="text-xs text-slate-600">Days are your time zone’s: {params.tz ?? 'your browser’s'}.</p>
      </div>
    </form>
  );
}
