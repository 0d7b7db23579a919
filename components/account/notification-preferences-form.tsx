'use client';

import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSaveNotificationPreferences } from '@/lib/notifications/preference-mutations';
import type { Delivery, Preferences, SavePreferences } from '@/lib/notifications/preference-schemas';
import { useUnsavedWork } from '@/lib/unsaved-work/use-unsaved-work';
import { LeaveDialog } from '../unsaved-work/leave-dialog';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { FormError } from '../ui/form-error';
import { toast } from '../ui/toast';

// By position in data.kinds, not by kind: a kind's name has dots, which react-hook-form reads as a path.
interface Values {
  choices: { console: 'now' | 'off'; email: Delivery }[];
  digest_hour: string;
  time_zone: string;
}

const EMAIL_LABELS: Record<Delivery, string> = { now: 'At once', digest: 'In the daily digest', off: 'Off' };
const CONSOLE_LABELS = { now: 'At once', off: 'Off' } as const;
const SELECT =
  'block w-full rounded-md border-0 px-2.5 py-1.5 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 disabled:bg-slate-100 disabled:text-slate-500';
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The browser's own zone, offered until the person saves one (issue 37); the server checks it with Intl. */
function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function zonesWith(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', current, ...known])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

const valuesOf = (data: Preferences, zone: string): Values => ({
  choices: data.kinds.map((k) => ({ console: k.console, email: k.email })),
  digest_hour: String(data.digest_hour),
  time_zone: zone,
});

export function NotificationPreferencesForm({ data }: { data: Preferences }) {
  const [firstZone] = useState(() => data.time_zone ?? browserZone());
  const defaults = useMemo(() => valuesOf(data, firstZone), [data, firstZone]);
  const form = useForm<Values>({ defaultValues: defaults });
  const { register, handleSubmit, formState, reset, control } = form;
  const zones = useMemo(() => zonesWith(firstZone), [firstZone]);
  const save = useSaveNotificationPreferences<Values>({
    form: {
      target: form,
      placement: { fieldOf: (d) => (d.path === 'time_zone' || d.path === 'digest_hour' ? d.path : undefined) },
    },
    onDone: (saved) => {
      reset(valuesOf(saved, saved.time_zone ?? firstZone));
      void toast.success(saved.changes.length || saved.digest_changed ? 'Notification settings saved.' : 'Nothing had changed.');
    },
  });
  const submit = (values: Values): Promise<boolean> => {
    const body: SavePreferences = {
      // A disabled control (e-mail not configured) gives no value: what was loaded stays.
      choices: data.kinds.map((k, i) => ({
        kind: k.kind,
        console: values.choices[i]?.console ?? k.console,
        email: values.choices[i]?.email ?? k.email,
      })),
      digest_hour: Number(values.digest_hour),
      time_zone: values.time_zone,
    };
    return save.run(body).then(
      () => true,
      () => false,
    );
  };
  const work = useUnsavedWork<Values>({
    form,
    what: 'notification settings',
    keep: { label: 'Save and leave', busy: save.pending, run: () => handleSubmit(submit)().then(() => !form.formState.isDirty) },
  });
  const anyDigest = (useWatch({ control, name: 'choices' }) ?? []).some((c) => c?.email === 'digest');

  return (
    <form onSubmit={(e) => void handleSubmit(submit)(e)} noValidate className="flex max-w-3xl flex-col gap-6">
      {!data.email_configured && (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          E-mail is not configured on this console (no SMTP_URL), so nothing is mailed. The e-mail choices are kept as they are
          and take effect once an administrator configures it.
        </p>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">What you are told, and how</legend>
        <ul className="divide-y divide-slate-200 rounded-md bg-white ring-1 ring-slate-200">
          {data.kinds.map((k, i) => (
            <li key={k.kind} className="grid grid-cols-2 gap-3 px-4 py-3 sm:grid-cols-[1fr_11rem_11rem] sm:items-end">
              <p className="col-span-2 text-sm font-medium text-slate-900 sm:col-span-1 sm:pb-1.5">{k.label}</p>
              <Field label="In the console" className="text-xs">
                <select {...register(`choices.${i}.console` as const)} className={SELECT}>
                  {(['now', 'off'] as const).map((v) => (
                    <option key={v} value={v}>
                      {CONSOLE_LABELS[v]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="By e-mail" className="text-xs">
                <select {...register(`choices.${i}.email` as const)} disabled={!data.email_configured} className={SELECT}>
                  {(['now', 'digest', 'off'] as const).map((v) => (
                    <option key={v} value={v}>
                      {EMAIL_LABELS[v]}
                    </option>
                  ))}
                </select>
              </Field>
            </li>
          ))}
        </ul>
        <p className="text-xs text-slate-600">
          The console’s bell keeps what you have not read, so it offers at once or off. Every e-mail also carries a link that
          stops its kind of e-mail without signing in.
        </p>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">Daily digest</legend>
        <p className="text-sm text-slate-700">
          {anyDigest
            ? 'One e-mail a day listing what came since the last one, at this hour on your clock.'
            : 'No kind goes to the digest now; the hour applies once one does.'}
        </p>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <Field label="Hour" error={formState.errors.digest_hour?.message}>
            <select {...register('digest_hour')} disabled={!data.email_configured} className={SELECT}>
              {Array.from({ length: 24 }, (_, h) => (
                <option key={h} value={String(h)}>
                  {hourLabel(h)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Time zone"
            error={formState.errors.time_zone?.message}
            hint={data.time_zone === null ? 'Your browser’s time zone, until you save one.' : undefined}
          >
            <select {...register('time_zone')} className={SELECT}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>
      <FormError error={formState.errors.root?.server} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={save.pending} disabled={!work.dirty && data.time_zone !== null}>
          Save
        </Button>
        {work.dirty && <span className="text-sm text-slate-600">Unsaved changes</span>}
      </div>
      <LeaveDialog {...work.leaveDialog} />
    </form>
  );
}
