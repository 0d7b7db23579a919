'use client';

import { FADE, ScrollCue, useScrollsSideways } from '../list/data-table';
import { When } from '../ui/when';
import { useQuery } from '@tanstack/react-query';
import { formatBytes, formatDate, formatDateTime } from '@/lib/format';
import { catalogItemQuery } from '@/lib/catalog/queries';
import { livePackageQuery } from '@/lib/packages/queries';
import { useNoteOpened } from '../search/opened-by';
import type { ConsolePackage, SignaturePackage } from '@/lib/packages/schemas';
import { isPackageFinished, isTerminal } from '@/lib/packages/statuses';
import { statusLabel } from '@/lib/status-labels';
import { BackLink } from '../ui/back-link';
import { LinkButton } from '../ui/link-button';
import { Section } from '../ui/card';
import { Facts, PageHeader } from '../ui/page-header';
import { QueryState } from '../ui/query-state';
import { Badge, ErrorState, StatusBadge } from '../ui/states';
import { LoadingBars } from '../ui/read-first';
import { PackageArchive } from './package-archive';
import { PackageFreshness } from './package-freshness';
import { PackageSentNotice } from './package-sent-notice';
import { PackageTimeline } from './package-timeline';
import { UseAsNewPackage } from './use-as-new-package';

const STATUS_NOTES: Record<string, string> = {
  queued: 'Delivery is queued: the invitations have not been delivered yet, and nobody has signed.',
  delivered: 'The invitations were delivered; the package completes once every signer has signed.',
  completed: 'Every signer has signed.',
  declined: 'A signer declined, which closes the package.',
  expired: 'The package expired before every signer had signed.',
};

/**
 * Where the signed PDF is, since the console cannot fetch it: the spec serves
 * GET /signing/{id}/document only to a member or guest session and refuses an app's key.
 */
function SignedDocumentNote() {
  return (
    <section
      aria-labelledby="signed-document-heading"
      className="rounded-lg bg-brand-50 p-4 text-sm text-slate-800 ring-1 ring-brand-600/20"
    >
      <h2 id="signed-document-heading" className="font-semibold text-slate-900">
        Where the signed document is
      </h2>
      <p className="mt-1">
        The Signing API gives the signed PDF only to people, never to this console: each signer opens it from their signing
        invitation, after confirming the one-time code sent to their e-mail address, and members of the workspace open it in the
        signing service when signed in there. Signdesk keeps the details and the timeline shown here.
      </p>
    </section>
  );
}

function Signers({ pkg }: { pkg: SignaturePackage }) {
  const [scroller, , more] = useScrollsSideways<HTMLDivElement>();
  return (
    <div>
      <ScrollCue more={more} />
      <div className="relative">
        {/* Focusable so keyboard users can scroll the table sideways on narrow screens; the status
        comes first, so a phone shows where each signer stands before anything else. */}
        <div ref={scroller} className="overflow-x-auto" tabIndex={0} role="region" aria-label="Signers table, scrolls sideways">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Signers of this package</caption>
            <thead>
              <tr className="text-left text-slate-800">
                {['Status', 'Role', 'Name', 'E-mail', 'Phone', 'Signed or declined'].map((h) => (
                  <th key={h} scope="col" className="py-2 pr-4 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {pkg.signers.map((s, i) => (
                <tr key={s.slot_id ?? i}>
                  <td className="py-2 pr-4">{s.status ? <StatusBadge family="signer" status={s.status} /> : '—'}</td>
                  <td className="py-2 pr-4">{s.label ?? s.slot_id ?? '—'}</td>
                  <td className="py-2 pr-4 font-medium">{s.name ?? '—'}</td>
                  <td className="py-2 pr-4">{s.email ?? '—'}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{s.phone ?? '—'}</td>
                  {/* The column holds either answer's time, and its header names both; a decline is said as one. */}
                  <td className="py-2 pr-4">
                    {s.signed_at ? (
                      <When at={s.signed_at} />
                    ) : s.declined_at ? (
                      <When at={s.declined_at} prefix="Declined " />
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {more && <div aria-hidden className={FADE} />}
      </div>
    </div>
  );
}

interface PackageDetailProps {
  id: string;
  canArchive: boolean;
  /** may start a new package from this one */
  canSend: boolean;
  justSent: boolean;
  /** says which team the package belongs to (an admin's page says it in its Team section instead) */
  showTeam: boolean;
}

const LOADING = <LoadingBars label="Loading the package" bars={['h-8 w-1/3', 'h-32 w-full']} />;

/** One package: status, signers, values, timeline, archiving for admins and reuse for senders. */
export function PackageDetail({ id, ...rest }: PackageDetailProps) {
  const query = useQuery(livePackageQuery(id));
  useNoteOpened('packages', query.data);
  return (
    <QueryState
      query={query}
      skeleton={LOADING}
      errorTitle="This package could not be loaded"
      notFound={(error) => <ErrorState title="Package not found" message={error.message} onRetry={() => void query.refetch()} />}
    >
      {(pkg) => <PackageView pkg={pkg} updatedAt={query.dataUpdatedAt} fetching={query.isFetching} {...rest} />}
    </QueryState>
  );
}

interface PackageViewProps extends Omit<PackageDetailProps, 'id'> {
  pkg: ConsolePackage;
  updatedAt: number;
  fetching: boolean;
}

function PackageView({ pkg, updatedAt, fetching, canArchive, canSend, justSent, showTeam }: PackageViewProps) {
  const template = useQuery({
    ...catalogItemQuery('document-sign-templates', pkg.template_id ?? ''),
    enabled: Boolean(pkg.template_id),
  });
  const labelOf = (key: string) => template.data?.sender_fields.find((f) => f.key === key)?.label ?? key;
  const slotLabel = (slotId: string) => {
    const s = pkg.signers.find((x) => x.slot_id === slotId);
    return s ? `${s.name ?? slotId} (${s.label ?? slotId})` : slotId;
  };
  const closedAt = pkg.completed_at ?? pkg.declined_at ?? pkg.expired_at;
  const record = pkg.console_record;
  return (
    <>
      <BackLink href="/packages">Signature packages</BackLink>
      <PackageSentNotice justSent={justSent} status={pkg.status} />
      <PageHeader
        title={pkg.template_name ?? pkg.name ?? 'Signature package'}
        description={
          <>
            Package <code className="text-xs">{pkg.id}</code>
          </>
        }
        actions={
          <>
            {record && (
              <LinkButton variant="secondary" href={`/packages/${encodeURIComponent(pkg.id)}/sending-record`}>
                Sending record
              </LinkButton>
            )}
            {canSend && <UseAsNewPackage pkg={pkg} />}
            {canArchive ? (
              <PackageArchive pkg={pkg} />
            ) : (
              // Where one would look for it: who may archive, rather than no button at all.
              isTerminal(pkg.status) &&
              !pkg.archived && (
                <p className="max-w-xs text-sm text-slate-600">
                  Finished packages are archived by an admin: ask one to archive this one.
                </p>
              )
            )}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-800" aria-live="polite">
        <StatusBadge family="package" status={pkg.status} />
        {pkg.archived && <Badge>{statusLabel('catalog', 'archived')}</Badge>}
        <span>{STATUS_NOTES[pkg.status] ?? ''}</span>
      </div>
      <PackageFreshness updatedAt={updatedAt} fetching={fetching} finished={isPackageFinished(pkg)} />
      <div className="flex flex-col gap-5">
        <Facts
          items={[
            ['Status', statusLabel('package', pkg.status)],
            ['Invitation status', pkg.invitation_status ? statusLabel('invitation', pkg.invitation_status) : '—'],
            [
              'Template',
              `${pkg.template_name ?? pkg.template_id ?? '—'}${pkg.version_number ? ` (version ${pkg.version_number})` : ''}`,
            ],
            ['Sent', formatDateTime(pkg.sent_at ?? pkg.created_at ?? record?.sent_at)],
            [
              'Sent from this console',
              record
                ? `By ${record.sent_by}${record.sent_at ? `, ${formatDateTime(record.sent_at)}` : ''}`
                : 'No: sent by other means',
            ],
            ...(record ? [['Your reference', record.reference ?? '—'] as [string, string]] : []),
            // Seen through teams, a package is one of the reader's teams': which one. None where no team is defined.
            ...(showTeam && pkg.team ? [['Team', pkg.team.name] as [string, string]] : []),
            ['Delivered', formatDateTime(pkg.delivered_at)],
            [
              'Expires',
              `${formatDateTime(pkg.expires_at)}${pkg.expires_in_days ? ` (${pkg.expires_in_days} days after sending)` : ''}`,
            ],
            ['Closed', closedAt ? `${statusLabel('package', pkg.status)}, ${formatDateTime(closedAt)}` : 'Still open'],
            [
              'Document',
              pkg.prepared_pdf ? `${pkg.prepared_pdf.page_count ?? '?'} pages, ${formatBytes(pkg.prepared_pdf.size_bytes)}` : '—',
            ],
            ['Archived', pkg.archived ? `${formatDate(pkg.archived_at)}: ${pkg.archive_reason ?? ''}` : 'No'],
          ]}
        />
        {pkg.status === 'completed' && <SignedDocumentNote />}
        {pkg.decline_reason && <p className="rounded-md bg-red-50 p-3 text-sm text-red-900">Declined: {pkg.decline_reason}</p>}
        <Section title="Signers" id="signers-heading">
          <Signers pkg={pkg} />
        </Section>
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
          <Section title="Values in the document" id="values-heading">
            {pkg.sender_values && Object.keys(pkg.sender_values).length > 0 ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                {Object.entries(pkg.sender_values).map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-slate-600">{labelOf(k)}</dt>
                    <dd className="text-slate-900">{String(v)}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="text-sm text-slate-600">No sender values.</p>
            )}
          </Section>
          <Section title="Timeline" id="timeline-heading">
            <PackageTimeline events={pkg.events ?? []} slotLabel={slotLabel} />
          </Section>
        </div>
      </div>
    </>
  );
}
