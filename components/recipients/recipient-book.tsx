'use client';

import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { recipientsQuery } from '@/lib/recipients/queries';
import type { RecipientSource } from '@/lib/recipients/limits';
import type { Recipient } from '@/lib/recipients/schemas';
import { ListToolbar } from '../list/list-toolbar';
import { ListView } from '../list/list-view';
import { useListParams } from '../list/use-list-params';
import { Button } from '../ui/button';
import { LinkButton } from '../ui/link-button';
import { When } from '../ui/when';
import { DeleteRecipientButton } from './delete-recipient-button';
import { EditRecipientForm } from './edit-recipient-form';
import { ImportRecipientsPanel } from './import-recipients-panel';

const SOURCE: Record<RecipientSource, string> = {
  sent: 'As typed in a send',
  import: 'As imported',
  edit: 'As edited here',
};

function Sends({ recipient: r }: { recipient: Recipient }) {
  return (
    <>
      <span className="block">
        {r.use_count === 0 ? (
          'Not sent to yet'
        ) : (
          <>
            {r.use_count === 1 ? '1 send' : `${r.use_count} sends`}, last <When at={r.last_used_at} />
          </>
        )}
      </span>
      <span className="block text-xs text-slate-600">
        {SOURCE[r.source]}
        {r.added_by ? ` · added by ${r.added_by}` : ''}
      </span>
    </>
  );
}

/**
 * The team's recipient book: searched by name or address, edited in place, deleted after a
 * confirmation, filled from a CSV. Name, address, phone and the actions share one cell, so on a
 * phone the actions and the edit form stay on screen while the uses scroll sideways.
 */
export function RecipientBook() {
  const { params, update } = useListParams();
  const query = useQuery(recipientsQuery({ q: params.q || undefined, page: params.page, size: params.size }));
  const [editing, setEditing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const panel = useId();
  const columns = useMemo<ColumnDef<Recipient, unknown>[]>(
    () => [
      {
        header: 'Recipient',
        cell: ({ row: { original: r } }) =>
          editing === r.id ? (
            <EditRecipientForm recipient={r} onClose={() => setEditing(null)} />
          ) : (
            <div className="min-w-48">
              <span className="block font-medium text-slate-900">{r.name}</span>
              <span className="block break-all">{r.email}</span>
              <span className="block text-xs text-slate-600">{r.phone ?? 'No phone'}</span>
              <span className="-ml-2.5 mt-1 flex flex-wrap items-center gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-brand-700 hover:bg-brand-50"
                  onClick={() => setEditing(r.id)}
                  aria-label={`Edit ${r.name}`}
                >
                  Edit
                </Button>
                <DeleteRecipientButton recipient={r} />
              </span>
            </div>
          ),
      },
      { header: 'Sends', cell: ({ row }) => <Sends recipient={row.original} /> },
    ],
    [editing],
  );
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-end gap-2">
        {/* The book as a file with the import's columns: it imports back unchanged. */}
        <a
          href="/api/recipients/export"
          download
          className="inline-flex items-center gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        >
          Export CSV
        </a>
        <Button variant="secondary" onClick={() => setImporting((open) => !open)} aria-expanded={importing} aria-controls={panel}>
          {importing ? 'Close the import' : 'Import from CSV'}
        </Button>
      </div>
      {importing && <ImportRecipientsPanel id={panel} />}
      <ListToolbar params={params} update={update} searchLabel="Search recipients" searchPlaceholder="Search by name or e-mail" />
      <ListView
        query={query}
        columns={columns}
        caption="Recipients"
        update={update}
        filtered={Boolean(params.q)}
        empty={{
          title: 'No recipients yet',
          body: 'Recipients appear here after the first send: everyone a package is sent to is kept with the name, e-mail and phone typed for them, and suggested on signer fields from then on. You can also import them from a CSV file.',
          action: <LinkButton href="/packages/new">Send a package</LinkButton>,
        }}
      />
    </>
  );
}
