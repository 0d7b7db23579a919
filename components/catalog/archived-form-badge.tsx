'use client';

import { useQuery } from '@tanstack/react-query';
import { catalogItemQuery } from '@/lib/catalog/queries';
import { Badge } from '../ui/states';

/** On a workflow: its request form is archived, so it starts no new request (DESIGN.md §3). */
export function ArchivedFormBadge({ formId }: { formId: string | undefined }) {
  const form = useQuery({ ...catalogItemQuery('request-forms', formId ?? ''), enabled: Boolean(formId) });
  if (form.data?.status !== 'archived') return null;
  return <Badge tone="amber">request form archived: no new requests</Badge>;
}
