'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo } from 'react';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { formatDateTime, formatNumber } from '@/lib/format';
import { throttlesQuery, type ThrottledAccount } from '@/lib/admin/queries';
import { DataTable } from '../list/data-table';
import { Button } from '../ui/button';
import { ErrorState, Skeleton } from '../ui/states';
import { useLiftThrottle } from '@/lib/admin/user-mutations';
import { Card } from '../ui/card';

const ignore = () => undefined;

function columns(lift: (email: string) => void, lifting: string | null): ColumnDef<ThrottledAccount, unknown>[] {
  return [
    { header: 'Account', cell: ({ row }) => <span className="break-all font-medium text-slate-900">{row.original.email}</span> },
    { header: 'Attempts', cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.attempts)}</span> },
    {
      header: 'Throttled until',
      cell: ({ row }) => <time dateTime={row.original.until}>{formatDateTime(row.original.until, { seconds: true })}</time>,
    },
    {
      header: 'Action',
      cell: ({ row }) => (
        <Button
          variant="secondary"
          size="sm"
          busy={lifting === row.original.email}
          disabled={lifting !== null}
          onClick={() => lift(row.original.email)}
          aria-label={`Lift the throttle of ${row.original.email}`}
        >
          Lift
        </Button>
      ),
    },
  ];
}

/**
 * Accounts slowed or refused at sign-in after failed attempts, with a way to let one in again
 * at once (instead of deleting rows by hand); `npm run unthrottle` does the same from a shell.
 */
export function SignInThrottles() {
  const query = useQuery(throttlesQuery());
  const lift = useLiftThrottle({
    onDone: ({ email, lifted }) =>
      void toast.success(lifted ? `Lifted the sign-in throttle of ${email}.` : `${email} was no longer throttled.`),
    onFailed: (err) =>
      void toast.error(err instanceof ConsoleApiError ? err.message : 'The throttle could not be lifted. Try again.'),
  });
  const { run } = lift;
  const lifting = lift.pending ? (lift.input ?? null) : null;
  // Failures are told by onFailed; the rejection carries nothing more.
  const cols = useMemo(() => columns((email) => void run(email).then(ignore, ignore), lifting), [run, lifting]);

  const heading = useId();
  return (
    <Card as="section" aria-labelledby={heading} className="mt-8 p-5">
      <h2 id={heading} className="text-lg font-semibold text-slate-900">
        Sign-in throttles
      </h2>
      <p className="mb-4 mt-0.5 text-sm text-slate-600">
        Accounts whose sign-ins are slowed or refused after failed attempts. Lifting lets the account sign in again at once; it is
        recorded in the audit log.
      </p>
      {query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-slate-700">No account is throttled.</p>
      ) : (
        <DataTable columns={cols} data={query.data} caption="Accounts with a sign-in throttle" />
      )}
    </Card>
  );
}
