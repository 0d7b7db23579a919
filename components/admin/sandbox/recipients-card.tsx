'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { sandboxPackagesQuery, type RecipientAction } from '@/lib/admin/queries';
import type { SignaturePackage } from '@/lib/packages/schemas';
import { PACKAGE_STATUSES } from '@/lib/packages/statuses';
import { statusOptions, statusWords } from '@/lib/status-labels';
import { DataTable } from '../../list/data-table';
import { Button } from '../../ui/button';
import { SearchField, SelectField } from '../../ui/field';
import { useSearchTerm } from '../../ui/use-settled';
import { EmptyState, ErrorState, StatusBadge, TableSkeleton } from '../../ui/states';
import { Section } from '../../ui/card';
import { useRecipientAction } from '@/lib/admin/sandbox-mutations';

// The sandbox's package lifecycle (its decision; the spec lists no transitions):
// queued -> delivered -> completed | declined, and any open package -> expired.
const MOVES: { action: RecipientAction; label: string; from: readonly string[] }[] = [
  { action: 'deliver', label: 'Deliver', from: ['queued'] },
  { action: 'complete', label: 'Sign all', from: ['delivered'] },
  { action: 'decline', label: 'Decline', from: ['delivered'] },
  { action: 'expire', label: 'Expire', from: ['queued', 'delivered'] },
];
const labelOf = (action: RecipientAction) => MOVES.find((m) => m.action === action)?.label ?? action;
const STATUS_OPTIONS = statusOptions('package', PACKAGE_STATUSES);

interface Outcome {
  ok: boolean;
  text: string;
}

function Pager({
  page,
  pages,
  total,
  size,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  size: number;
  onPage(page: number): void;
}) {
  return (
    <nav aria-label="Packages pages" className="mt-3 flex items-center justify-between gap-3 text-sm text-slate-700">
      <p>
        Showing {(page - 1) * size + 1}–{Math.min(total, page * size)} of {total}
      </p>
      <span className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}

export function RecipientsCard() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [text, setText] = useState('');
  const q = useSearchTerm(text);
  // A new search starts at its first page.
  const [pagedQ, setPagedQ] = useState(q);
  if (pagedQ !== q) {
    setPagedQ(q);
    setPage(1);
  }
  const list = useQuery(sandboxPackagesQuery({ page, status: status || undefined, q: q || undefined }));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    run,
    pending,
    input: moving,
  } = useRecipientAction({
    onDone(updated, { action }) {
      const text = `${labelOf(action)}: package ${updated.id} is now ${statusWords('package', updated.status)}.`;
      setOutcome({ ok: true, text });
      toast.success(text);
    },
    onFailed(err, { input }) {
      const text = err instanceof ConsoleApiError ? err.message : `${labelOf(input.action)} failed. Try again.`;
      // Said beside the table only: a toast besides would say it twice.
      setOutcome({ ok: false, text });
    },
  });

  const columns = useMemo<ColumnDef<SignaturePackage, unknown>[]>(() => {
    // Failures are told by onFailed; the rejection carries nothing more.
    const move = (id: string, action: RecipientAction) => void run({ id, action }).catch(() => undefined);
    return [
      {
        header: 'Package',
        cell: ({ row }) => (
          <>
            <span className="font-medium text-slate-900">
              {row.original.template_name ?? row.original.template_id ?? 'Package'}
            </span>
            <code className="block text-xs text-slate-700">{row.original.id}</code>
          </>
        ),
      },
      {
        header: 'Recipients',
        cell: ({ row }) => (
          <ul className="text-xs">
            {row.original.signers.map((s, i) => (
              <li key={s.slot_id ?? i}>
                {s.name} {s.email && <span className="text-slate-600">&lt;{s.email}&gt;</span>} —{' '}
                {s.status ? statusWords('signer', s.status) : '—'}
              </li>
            ))}
          </ul>
        ),
      },
      { header: 'Status', cell: ({ row }) => <StatusBadge family="package" status={row.original.status} /> },
      {
        header: 'Expires',
        cell: ({ row }) => <span className="whitespace-nowrap text-xs">{formatDateTime(row.original.expires_at)}</span>,
      },
      {
        header: 'Act as the recipients',
        cell: ({ row }) => {
          const pkg = row.original;
          const open = MOVES.filter((m) => m.from.includes(pkg.status));
          if (open.length === 0) return <span className="text-xs text-slate-600">Closed: recipients can do nothing more.</span>;
          return (
            <span className="flex flex-wrap gap-1.5">
              {open.map((m) => (
                <Button
                  key={m.action}
                  size="sm"
                  variant={m.action === 'decline' || m.action === 'expire' ? 'secondary' : 'primary'}
                  busy={moving?.id === pkg.id && moving.action === m.action}
                  disabled={pending}
                  onClick={() => move(pkg.id, m.action)}
                  aria-label={`${m.label} ${pkg.id}`}
                >
                  {m.label}
                </Button>
              ))}
            </span>
          );
        },
      },
    ];
  }, [run, pending, moving]);

  return (
    <Section
      variant="panel"
      title="Act as the recipients"
      description="Deliver the invitations, sign for every recipient, decline or let a package expire. The simulation also delivers a package one minute after sending and expires it at its deadline."
    >
      <div role="search" className="mb-3 flex flex-wrap items-end gap-3">
        <SearchField
          label="Find a package"
          className="min-w-64 flex-1"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Package id, template or signer name"
          maxLength={100}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
          blank="All"
          options={STATUS_OPTIONS}
        />
      </div>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={`mb-3 rounded-md p-3 text-sm ${outcome.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
        >
          {outcome.text}
        </p>
      )}
      {list.isPending ? (
        <TableSkeleton columns={5} rows={3} />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.pagination.total === 0 ? (
        <EmptyState title={q || status ? 'No package matches' : 'No packages yet'}>
          {q || status ? 'Try another search or status.' : 'Senders create packages under Packages; they appear here once sent.'}
        </EmptyState>
      ) : (
        <div aria-busy={list.isFetching}>
          <DataTable columns={columns} data={list.data.data as SignaturePackage[]} caption="Signature packages" />
          <Pager
            page={page}
            total={list.data.pagination.total}
            pages={list.data.pagination.pages}
            size={list.data.pagination.size}
            onPage={setPage}
          />
        </div>
      )}
    </Section>
  );
}
