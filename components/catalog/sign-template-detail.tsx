'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { formatDateTime } from '@/lib/format';
import { useReaderLocales } from '../ui/use-reader-locales';
import { Day } from '../ui/when';
import type { SignTemplate } from '@/lib/catalog/schemas';
import { DataTable } from '../list/data-table';
import { Button } from '../ui/button';
import { LinkButton } from '../ui/link-button';
import { CopyId } from '../ui/copy-id';
import { Facts } from '../ui/page-header';
import { Badge } from '../ui/states';
import { numberedColumn } from './columns';
import { DetailFrame, DetailHeader } from './detail-frame';
import { Section } from '../ui/card';
import { TemplatePdf } from './template-pdf';

type Version = SignTemplate['versions'][number];
type Slot = SignTemplate['slots'][number];
type SenderField = SignTemplate['sender_fields'][number];

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

const slotColumns: ColumnDef<Slot, unknown>[] = [
  { id: 'label', header: 'Label', cell: ({ row }) => <span className="font-medium">{row.original.label}</span> },
  { id: 'slot', header: 'Slot id', cell: ({ row }) => <CopyId value={row.original.slot_id} label="slot id" /> },
  { id: 'kind', header: 'Recipient', cell: ({ row }) => row.original.recipient_kind ?? '—' },
  { id: 'page', header: 'Page', cell: ({ row }) => row.original.page ?? '—' },
];

const fieldColumns: ColumnDef<SenderField, unknown>[] = [
  { id: 'label', header: 'Label', cell: ({ row }) => <span className="font-medium">{row.original.label}</span> },
  { id: 'key', header: 'Key', cell: ({ row }) => <code className="font-mono text-xs text-slate-800">{row.original.key}</code> },
  { id: 'type', header: 'Type', cell: ({ row }) => row.original.type },
  {
    id: 'required',
    header: 'Required',
    cell: ({ row }) => (row.original.required ? <Badge tone="amber">required</Badge> : <Badge>optional</Badge>),
  },
  { id: 'page', header: 'Page', cell: ({ row }) => row.original.page ?? '—' },
];

function versionColumns(
  currentId: string | undefined,
  shownId: string | undefined,
  show: (id: string) => void,
): ColumnDef<Version, unknown>[] {
  return [
    numberedColumn(
      'number',
      'Version',
      (v) => v.number,
      (v) => v.id === currentId,
    ),
    { id: 'id', header: 'Version id', cell: ({ row }) => <CopyId value={row.original.id} label="template version id" /> },
    { id: 'pages', header: 'Pages', cell: ({ row }) => row.original.page_count ?? '—' },
    { id: 'created', header: 'Created', cell: ({ row }) => <Day at={row.original.created_at} /> },
    {
      id: 'pdf',
      header: 'Source PDF',
      cell: ({ row }) =>
        row.original.id === shownId ? (
          <span className="text-sm font-medium text-slate-700">Shown below</span>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => show(row.original.id)}
            aria-label={`Show the PDF of version ${row.original.number}`}
          >
            Show PDF
          </Button>
        ),
    },
  ];
}

/** A document-sign template: its versions, slots, sender fields and PDF, and (for senders) the way to send with it. */
export function SignTemplateDetail({ id, canSend }: { id: string; canSend: boolean }) {
  const locales = useReaderLocales();
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const show = (versionId: string) =>
    router.replace(`${pathname}?version=${encodeURIComponent(versionId)}` as Parameters<typeof router.replace>[0], {
      scroll: false,
    });

  return (
    <DetailFrame kind="document-sign-templates" id={id}>
      {(t) => {
        const versions = [...t.versions].sort((a, b) => b.number - a.number);
        const currentId = t.current_version_id ?? versions[0]?.id;
        const asked = search.get('version');
        const shown = versions.find((v) => v.id === asked) ?? versions.find((v) => v.id === currentId);
        return (
          <>
            <DetailHeader
              record={t}
              kind="document-sign-templates"
              badges={t.api_enabled === false ? <Badge tone="amber">not enabled for API use</Badge> : undefined}
              actions={
                canSend && t.status === 'active' && t.api_enabled !== false ? (
                  <>
                    <LinkButton variant="secondary" href={`/packages/bulk/new?template=${encodeURIComponent(t.id)}`}>
                      Send in bulk
                    </LinkButton>
                    <LinkButton href={`/packages/new?template=${encodeURIComponent(t.id)}`}>Send with this template</LinkButton>
                  </>
                ) : undefined
              }
            />
            {t.api_enabled === false && (
              <p className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
                This template is not enabled for this app: previews and sends with it are refused. A platform administrator must
                allow it first.
              </p>
            )}
            <Facts
              items={[
                ['Pages', t.page_count ?? '—'],
                ['Current version', currentId ? <CopyId key="v" value={currentId} label="template version id" /> : '—'],
                ['Versions', versions.length],
                ['Signer slots', t.slots.length],
                ['Sender fields', t.sender_fields.length],
                ['Last updated', formatDateTime(text(t.updated_at), {}, locales)],
              ]}
            />
            <Section variant="page" title="Versions" description="A version is addressed by its version id, not by its number.">
              {versions.length === 0 ? (
                <p className="text-sm text-slate-700">This template lists no versions.</p>
              ) : (
                <DataTable
                  columns={versionColumns(currentId, shown?.id, show)}
                  data={versions}
                  caption={`Versions of ${t.name}`}
                />
              )}
            </Section>
            <div className="grid grid-cols-1 gap-x-6 lg:grid-cols-2">
              <Section
                variant="page"
                title="Signer slots"
                description="Who signs: each slot gets a recipient when a package is sent."
              >
                {t.slots.length === 0 ? (
                  <p className="text-sm text-slate-700">No signer slots.</p>
                ) : (
                  <DataTable columns={slotColumns} data={t.slots} caption={`Signer slots of ${t.name}`} />
                )}
              </Section>
              <Section variant="page" title="Sender fields" description="What the sender fills in before sending.">
                {t.sender_fields.length === 0 ? (
                  <p className="text-sm text-slate-700">No sender fields.</p>
                ) : (
                  <DataTable columns={fieldColumns} data={t.sender_fields} caption={`Sender fields of ${t.name}`} />
                )}
              </Section>
            </div>
            {asked !== null && shown?.id !== asked && (
              <p role="status" className="mt-6 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
                This template has no version “{asked}”; showing the current version instead.
              </p>
            )}
            {shown && <TemplatePdf template={t} versions={versions} shown={shown} onPick={show} />}
          </>
        );
      }}
    </DetailFrame>
  );
}
