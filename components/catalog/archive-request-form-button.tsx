'use client';

import { useQuery } from '@tanstack/react-query';
import { catalogItemQuery } from '@/lib/catalog/queries';
import type { RequestForm } from '@/lib/catalog/schemas';
import { ArchiveButton } from './archive-button';

/** Archiving a request form stops its workflow's new requests: the dialog names that workflow. */
export function ArchiveRequestFormButton({ form }: { form: RequestForm }) {
  const workflowId = form.workflow_id;
  const workflow = useQuery({ ...catalogItemQuery('approval-workflows', workflowId ?? ''), enabled: Boolean(workflowId) });
  const which = workflowId ? (workflow.data ? `, ${workflow.data.name} (${workflowId}),` : ` (${workflowId})`) : '';
  const note = `New requests on its workflow${which} are refused from now on, whether submitted or saved as drafts. Requests already started on it continue, revisions included. The workflow itself stays active.`;
  return <ArchiveButton kind="request-forms" id={form.id} name={form.name} note={note} />;
}
