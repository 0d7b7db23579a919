'use client';

import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { sandboxQuery } from '@/lib/admin/queries';
import { Button } from '../../ui/button';
import { lazyResolver } from '../../ui/lazy-resolver';
import { Field, Input, Select } from '../../ui/field';
import { ErrorState, Skeleton } from '../../ui/states';
import { DAY, HOUR, MINUTE, UNITS } from './clock-units';
import { Section } from '../../ui/card';
import { useAdvanceClock } from '@/lib/admin/sandbox-mutations';

const QUICK = [
  { label: '+1 min', seconds: MINUTE },
  { label: '+10 min', seconds: 10 * MINUTE },
  { label: '+1 h', seconds: HOUR },
  { label: '+1 day', seconds: DAY },
  { label: '+30 days', seconds: 30 * DAY },
] as const;
const CUSTOM = 'custom';
const ignore = () => undefined;
// zod and the check load at the custom advance's first validation (sandbox-resolvers.ts).
const customResolver = lazyResolver(() => import('./sandbox-resolvers').then((m) => m.clockResolver));

const clockText = (ms: number) => formatDateTime(new Date(ms).toISOString(), { seconds: true, weekday: true });

/** "1 day 2 h", for how far an advance went and how far ahead of real time the sandbox is. */
export function describeSeconds(total: number): string {
  const parts: string[] = [];
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  if (days) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  return parts.join(' ') || `${total} s`;
}

// A one-second tick shared by every subscriber; the server renders no time at all.
const subscribe = (onTick: () => void) => {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
};
const useSecond = () =>
  useSyncExternalStore(
    subscribe,
    () => Math.floor(Date.now() / 1000) * 1000,
    () => 0,
  );

export function ClockCard() {
  const state = useQuery(sandboxQuery());
  const form = useForm({ resolver: customResolver, defaultValues: { amount: '', unit: 'hours' as const } });
  const advance = useAdvanceClock({
    onDone({ now }, { seconds, control }) {
      // One toast for the clock: a success replaces an earlier failure's.
      toast.success(
        `Sandbox clock advanced by ${describeSeconds(seconds)}: it is now ${formatDateTime(now, { seconds: true, weekday: true })}.`,
        { id: 'sandbox-clock' },
      );
      if (control === CUSTOM) form.reset();
    },
    onFailed: (err) =>
      void toast.error(err instanceof ConsoleApiError ? err.message : 'The clock could not be advanced. Try again.', {
        id: 'sandbox-clock',
      }),
  });
  const tick = useSecond();
  const running = advance.pending ? (advance.input?.control ?? null) : null;

  // Failures are told by onFailed; the rejection carries nothing more.
  const run = (seconds: number, control: string) => advance.run({ seconds, control }).then(ignore, ignore);
  const submitCustom = form.handleSubmit((seconds) => run(seconds, CUSTOM));

  // The sandbox clock is real time plus an offset: show it ticking from the last reading.
  const offsetMs = state.data ? Date.parse(state.data.clock.now) - state.dataUpdatedAt : 0;
  const nowMs = state.data && tick ? tick + offsetMs : null;
  const ahead = Math.round(offsetMs / 1000);
  return (
    <Section
      variant="panel"
      title="Clock"
      description="Expiries, delivery and SLAs follow the sandbox clock. It only moves forward."
    >
      {state.isError ? (
        <ErrorState message={state.error.message} onRetry={() => void state.refetch()} />
      ) : nowMs === null ? (
        <Skeleton className="h-14 w-full" />
      ) : (
        <div className="rounded-md bg-slate-50 p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Sandbox time</p>
          <time
            data-testid="sandbox-clock"
            dateTime={new Date(nowMs).toISOString()}
            className="block text-xl font-semibold tabular-nums text-slate-900"
          >
            {clockText(nowMs)}
          </time>
          <p className="text-sm text-slate-600">
            {Math.abs(ahead) < MINUTE ? 'In step with real time.' : `${describeSeconds(ahead)} ahead of real time.`}
          </p>
        </div>
      )}
      <div role="group" aria-label="Advance the clock" className="mt-4 flex flex-wrap gap-2">
        {QUICK.map((q) => (
          <Button
            key={q.seconds}
            variant="secondary"
            size="sm"
            busy={running === q.label}
            disabled={running !== null}
            onClick={() => void run(q.seconds, q.label)}
          >
            {q.label}
          </Button>
        ))}
      </div>
      <form onSubmit={submitCustom} noValidate className="mt-4">
        <fieldset disabled={running !== null} className="flex flex-wrap items-start gap-2">
          <Field label="Custom amount" error={form.formState.errors.amount?.message} className="w-32">
            <Input type="number" min={1} step={1} inputMode="numeric" {...form.register('amount')} />
          </Field>
          <Field label="Unit" className="w-28">
            <Select {...form.register('unit')}>
              {Object.keys(UNITS).map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" variant="secondary" className="mt-6" busy={running === CUSTOM}>
            Advance
          </Button>
        </fieldset>
      </form>
    </Section>
  );
}
