'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { formatDateTime } from '@/lib/format';
import { useReaderLocales } from '../ui/use-reader-locales';
import { DateTime } from '../ui/when';
import type { Workflow } from '@/lib/catalog/schemas';
import { LinkButton } from '../ui/link-button';
import { ArchiveButton } from './archive-button';
import { DataTable } from '../list/data-table';
import { Select } from '../ui/field';
import { Facts } from '../ui/page-header';
import { Badge } from '../ui/states';
import { CopyId } from '../ui/copy-id';
import { ArchivedFormBadge } from './archived-form-badge';
import { numberedColumn } from './columns';
import { ArchivedNotice, DetailFrame, DetailHeader } from './detail-frame';
import { Card, Section } from '../ui/card';
import { ItemLink } from './item-link';
import { SubmissionSchemaView } from './submission-schema-view';

type Release = Workflow['releases'][number];

const releaseColumns = (current: number | undefined): ColumnDef<Release, unknown>[] => [
  numberedColumn(
    'release',
    'Release',
    (r) => r.release,
    (r) => r.release === current,
  ),
  {
    id: 'id',
    header: 'Release id',
    cell: ({ row }) => <CopyId value={row.original.workflow_release_id} label="workflow release id" />,
  },
  { id: 'form', header: 'Form version', cell: ({ row }) => row.original.form_version ?? '—' },
  { id: 'published_version', header: 'Published version', cell: ({ row }) => row.original.published_version ?? '—' },
  { id: 'published_at', header: 'Published', cell: ({ row }) => <DateTime at={row.original.published_at} /> },
];

/** The releases a workflow has; an API that lists none still has the current one. */
function releasesOf(w: Workflow): Release[] {
  if (w.releases.length > 0) return [...w.releases].sort((a, b) => b.release - a.release);
  const current = w.current_release ?? Number(w.workflow_release_id.split('@').pop());
  return Number.isInteger(current) ? [{ release: current, workflow_release_id: w.workflow_release_id }] : [];
}

export function WorkflowDetail({ id, canAdmin, canRequest }: { id: string; canAdmin: boolean; canRequest: boolean }) {
  const locales = useReaderLocales();
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();

  return (
    <DetailFrame kind="approval-workflows" id={id}>
      {(w) => {
        const releases = releasesOf(w);
        const current = w.current_release ?? releases[0]?.release;
        const asked = Number(search.get('release'));
        const known = releases.some((r) => r.release === asked);
        const shown = known ? asked : current;
        const pick = (release: string) =>
          router.replace(`${pathname}?release=${release}` as Parameters<typeof router.replace>[0], { scroll: false });
        return (
          <>
            <DetailHeader
              record={w}
              kind="approval-workflows"
              noDescription=""
              badges={
                <>
                  {w.runtime && w.runtime !== 'standard' && (
                    <Badge tone="amber">{w.runtime} runtime: the API refuses submissions</Badge>
                  )}
                  <ArchivedFormBadge formId={w.request_form_id} />
                </>
              }
              actions={
                w.status === 'active' && (canRequest || canAdmin) ? (
                  <>
                    {/* The new-request page says why, should its form or category be archived. */}
                    {canRequest && (!w.runtime || w.runtime === 'standard') && (
                      <LinkButton href={`/approvals/new?workflow=${encodeURIComponent(w.id)}`}>Start a request</LinkButton>
                    )}
                    {canAdmin && <ArchiveButton kind="approval-workflows" id={w.id} name={w.name} />}
                  </>
                ) : undefined
              }
            />
            <ArchivedNotice record={w} kind="approval-workflows" />
            <Facts
              items={[
                ['Current release', <CopyId key="r" value={w.workflow_release_id} label="workflow release id" />],
                ['Category', <ItemLink key="c" kind="categories" id={w.category_id} name={w.category_name} />],
                [
                  'Request template',
                  <ItemLink key="t" kind="request-templates" id={w.request_template_id} name={w.request_template_name} />,
                ],
                ['Request form', <ItemLink key="f" kind="request-forms" id={w.request_form_id} resolveName />],
                ['Form version', w.form_version ?? '—'],
                ['Published version', w.published_version ?? '—'],
                ['Published', formatDateTime(w.published_at, {}, locales)],
                ['Runtime', w.runtime ?? '—'],
                [
                  'Per-document signing',
                  w.accepts_per_document_signing === undefined
                    ? '—'
                    : w.accepts_per_document_signing
                      ? 'Accepted'
                      : 'Not accepted',
                ],
              ]}
            />

            <Section
              variant="page"
              title="Approval layers"
              description="Requests pass these layers in order; rules may skip some."
            >
              {w.layers.length === 0 ? (
                <p className="text-sm text-slate-700">This workflow lists no approval layers.</p>
              ) : (
                <ol className="flex flex-wrap items-stretch gap-2">
                  {w.layers.map((layer, i) => (
                    <Card as="li" key={`${layer.name}-${i}`} className="flex min-w-44 items-center gap-3 px-4 py-3">
                      <span
                        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700"
                        aria-hidden
                      >
                        {i + 1}
                      </span>
                      <span>
                        <span className="block text-sm font-medium text-slate-900">
                          <span className="sr-only">Layer {i + 1}: </span>
                          {layer.name}
                        </span>
                        <span className="block text-xs text-slate-600">
                          {layer.sla_hours !== undefined ? `SLA ${layer.sla_hours} h` : 'No SLA given'}
                        </span>
                      </span>
                    </Card>
                  ))}
                </ol>
              )}
            </Section>

            <Section
              variant="page"
              title="Releases"
              description="Active requests keep the release they started with; new requests use the current one."
            >
              <DataTable columns={releaseColumns(current)} data={releases} caption={`Releases of ${w.name}`} />
            </Section>

            <Section
              variant="page"
              title="Submission schema"
              description="Client code sends the field keys, not the labels."
              actions={
                releases.length > 0 && (
                  <div className="flex items-center gap-2">
                    <label htmlFor="schema-release" className="text-sm font-medium text-slate-800">
                      Release
                    </label>
                    <div className="w-64">
                      <Select id="schema-release" value={shown} onChange={(e) => pick(e.target.value)}>
                        {releases.map((r) => (
                          <option key={r.release} value={r.release}>
                            {r.workflow_release_id}
                            {r.release === current ? ' (current)' : ''}
                          </option>
                        ))}
                      </Select>
                    </div>
                  </div>
                )
              }
            >
              {search.get('release') !== null && !known && (
                <p role="status" className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
                  This workflow has no release “{search.get('release')}”; showing the current release instead.
                </p>
              )}
              {shown !== undefined ? (
                <SubmissionSchemaView workflowId={w.id} release={shown} />
              ) : (
                <p className="text-sm text-slate-700">This workflow has no published release.</p>
              )}
            </Section>
          </>
        );
      }}
    </DetailFrame>
  );
}
