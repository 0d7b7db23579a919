'use client';

import { useQuery } from '@tanstack/react-query';
import { previewDocumentQuery } from '@/lib/packages/queries';

/**
 * The page texts of a receipt's populated PDF, read from the very document the review shows
 * (the same query, so it is fetched once), with pdf.js loaded only then.
 */
export function usePageTexts(templateId: string, token: string): string[] | undefined {
  const pdf = useQuery(previewDocumentQuery(templateId, token));
  const blob = pdf.data;
  const texts = useQuery({
    queryKey: ['bulk-page-texts', token],
    enabled: blob !== undefined,
    queryFn: async () => {
      if (!blob) return [];
      const { pageTexts } = await import('../pdf/page-texts');
      return pageTexts(await blob.arrayBuffer());
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  return texts.data;
}
