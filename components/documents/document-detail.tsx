'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { formatBytes, formatDateTime, formatNumber } from '@/lib/format';
import { documentQuery } from '@/lib/documents/queries';
import { useNoteOpened } from '../search/opened-by';
import type { DocumentItem } from '@/lib/documents/schemas';
import { statusLabel } from '@/lib/status-labels';
import { isNotFound } from '../ui/is-not-found';
import { Facts, PageHeader } from '../ui/page-header';
import { QueryPending } from '../ui/query-pending';
import { Badge, ErrorState } from '../ui/states';
import { LoadingBars } from '../ui/read-first';
import { DeleteDocumentButton } from './delete-document-button';
import { DocumentPdf } from './document-pdf';
import { deletionBlock, purposeLabel, referenceLabel } from './document-facts';
import { documentEditorPath, documentsPath } from '@/lib/documents/paths';
import { LayoutNextSteps, type NextStepsAccess } from './layout-next-steps';

const REFERENCE_HREF: Record<string, string> = { approval_request: '/approvals', signature_package: '/packages' };

function References({ doc }: { doc: DocumentItem }) {
  if (doc.references.length === 0) return <>None</>;
  return (
    <ul className="flex flex-col gap-0.5">
      {doc.references.map((r) => (
        <li key={`${r.kind}:${r.id}:${String(r.field_key ?? '')}`}>
          {REFERENCE_HREF[r.kind] ? (
            <Link href={`${REFERENCE_HREF[r.kind]}/${encodeURIComponent(r.id)}` as Route} className="text-brand-700 underline">
              {referenceLabel(r)}
            </Link>
          ) : (
            referenceLabel(r)
          )}
          {typeof r.field_key === 'string' && <span className="text-slate-600"> (field {r.field_key})</span>}
        </li>
      ))}
    </ul>
  );
}

/** A document's metadata, its protection, delete and editor actions, what follows a completed layout, and its PDF. */
export function DocumentDetail({ id, canWrite, access }: { id: string; canWrite: boolean; access: NextStepsAccess }) {
  const router = useRouter();
  const query = useQuery(documentQuery(id));
  useNoteOpened('documents', query.data);
  if (query.isPending) {
    return (
      <QueryPending query={query}>
        <LoadingBars label="Loading document" bars={['h-8 w-72', 'h-32 w-full', 'h-96 w-full']} />
      </QueryPending>
    );
  }
  if (query.isError) {
    const missing = isNotFound(query.error);
    return (
      <div className="flex flex-col gap-4">
        <ErrorState
          title={missing ? 'Document not found' : 'The document could not be loaded'}
          message={missing ? 'It may have been deleted, or it belongs to another app.' : query.error.message}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
        <Link href={documentsPath()} className="text-sm font-medium text-brand-700 underline">
          Back to documents
        </Link>
      </div>
    );
  }
  const doc = query.data;
  const block = deletionBlock(doc);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href={documentsPath()} className="font-medium text-brand-700 hover:underline">
          Documents
        </Link>
        <span className="text-slate-600"> / {doc.name}</span>
      </nav>
      <PageHeader
        title={doc.name}
        description={<code className="text-xs">{doc.id}</code>}
        actions={
          canWrite ? (
            <div className="flex items-start gap-2">
              <Link
                href={documentEditorPath(doc.id)}
                className="rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
              >
                Open editor
              </Link>
              <DeleteDocumentButton doc={doc} size="md" onDeleted={() => router.push(documentsPath())} />
            </div>
          ) : undefined
        }
      />
      {block && (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-600/30">
          <strong className="font-semibold">This document cannot be deleted.</strong> {block}
        </p>
      )}
      <Facts
        items={[
          [
            'Purpose',
            <Badge key="p" tone={doc.logical_purpose === 'SIGNATURE_TARGET' ? 'blue' : 'gray'}>
              {purposeLabel(doc.logical_purpose)}
            </Badge>,
          ],
          ['Pages', doc.page_count ?? '—'],
          ['Size', doc.size_bytes === undefined ? '—' : `${formatBytes(doc.size_bytes)} (${formatNumber(doc.size_bytes)} bytes)`],
          ['Created', formatDateTime(doc.created_at)],
          [
            'Layout',
            doc.layout_status
              ? `${statusLabel('layout', doc.layout_status)}${doc.layout_version !== undefined ? `, version ${doc.layout_version}` : ''}`
              : '—',
          ],
          ['Protection', doc.protected ? 'Protected evidence' : 'Not protected'],
          [
            'SHA-256',
            doc.sha256 ? (
              <code key="h" className="break-all text-xs">
                {doc.sha256}
              </code>
            ) : (
              '—'
            ),
          ],
          ['References', <References key="r" doc={doc} />],
        ]}
      />
      {doc.logical_purpose === 'SIGNATURE_TARGET' && doc.layout_status === 'completed' && (
        <div className="mt-6">
          <LayoutNextSteps documentId={doc.id} documentName={doc.name} access={access} />
        </div>
      )}
      <h2 className="mb-3 mt-8 text-lg font-semibold text-slate-900">PDF</h2>
      <DocumentPdf id={doc.id} name={doc.name} />
    </>
  );
}
