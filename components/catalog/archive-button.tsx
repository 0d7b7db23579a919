'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ConsoleApiError } from '@/lib/api-error';
import { archiveOf, CATALOG_KIND_INFO, type ArchivableKind } from '@/lib/catalog/kinds';
import { useArchive } from '@/lib/catalog/mutations';
import { Button } from '../ui/button';
import { ReasonDialog } from '../ui/reason-dialog';
import { WorkflowBlockers } from './blocking-requests';
import { IN_USE_REFUSAL } from './workflow-blockers';

/** How the dialog names one of `kind`: "Archive workflow", "Workflow “X” archived". */
function nounsOf(kind: ArchivableKind) {
  const one = CATALOG_KIND_INFO[kind].noun;
  return { one, title: one.charAt(0).toUpperCase() + one.slice(1), note: archiveOf(kind).note };
}

/** The API's refusal, said in terms of what the admin can do about it. */
function explain(kind: ArchivableKind, err: unknown): unknown {
  if (!(err instanceof ConsoleApiError)) return err;
  if (err.code === 'WORKFLOW_IN_USE') {
    return new ConsoleApiError(
      err.status,
      err.code,
      // The API's own message names states by their codes; the list below says it in words,
      // and when the workflow can be archived (a draft at the API is never "finished").
      IN_USE_REFUSAL,
      err.details,
    );
  }
  if (err.code === 'ALREADY_ARCHIVED')
    return new ConsoleApiError(
      err.status,
      err.code,
      `This ${nounsOf(kind).one} is already archived. ${err.message}`,
      err.details,
    );
  return err;
}

interface ArchiveButtonProps {
  kind: ArchivableKind;
  id: string;
  name: string;
  /** what archiving this item does, when the page knows more than the kind's sentence */
  note?: string;
}

/** Archive with a reason, behind a confirmation naming the item (admins; the page decides who sees it). */
export function ArchiveButton({ kind, id, name, note }: ArchiveButtonProps) {
  const [open, setOpen] = useState(false);
  const [inUse, setInUse] = useState(false);
  const noun = nounsOf(kind);
  const archive = useArchive(kind, {
    onDone() {
      toast.success(`${noun.title} “${name}” archived`);
    },
    // A refusal, or an answer not known yet, is said once: in the dialog, which stays open.
  });

  async function confirm(reason: string) {
    setInUse(false);
    try {
      await archive.run({ id, reason });
    } catch (err) {
      if (err instanceof ConsoleApiError && err.code === 'WORKFLOW_IN_USE') setInUse(true);
      throw explain(kind, err);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        className="text-red-800"
        busy={archive.pending}
        onClick={() => (setInUse(false), setOpen(true))}
      >
        Archive {noun.one}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`Archive ${noun.one} “${name}”?`}
        description={
          <>
            <span className="font-medium text-slate-800">{name}</span> (<code className="font-mono text-xs">{id}</code>) will be
            archived. It stays readable, with its evidence and files. {note ?? noun.note}
          </>
        }
        confirmLabel={`Archive ${noun.one}`}
        onConfirm={confirm}
      >
        {inUse && <WorkflowBlockers workflowId={id} />}
      </ReasonDialog>
    </>
  );
}
