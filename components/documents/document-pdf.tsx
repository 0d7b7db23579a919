'use client';

import { useQuery } from '@tanstack/react-query';
import { fetchDocumentPdf } from '@/lib/documents/queries';
import { PdfViewerSkeleton } from '../pdf/pdf-viewer-skeleton';
import { PdfViewer } from '../pdf/pdf-viewer-lazy';
import { QueryPending } from '../ui/query-pending';
import { ErrorState } from '../ui/states';

/** The document's PDF in the viewer, fetched once per visit (outside the list/detail keys). */
export function DocumentPdf({ id, name }: { id: string; name: string }) {
  const pdf = useQuery({
    queryKey: ['document-pdf', id],
    queryFn: ({ signal }) => fetchDocumentPdf(id, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
  if (pdf.isPending) {
    return (
      <QueryPending query={pdf}>
        <PdfViewerSkeleton />
      </QueryPending>
    );
  }
  if (pdf.isError)
    return <ErrorState title="The PDF could not be loaded" message={pdf.error.message} onRetry={() => void pdf.refetch()} />;
  return <PdfViewer file={pdf.data} label={`PDF of ${name}`} />;
}
