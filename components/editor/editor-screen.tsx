'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import type { Route } from 'next';
import { useCallback, useMemo, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { PageHeader } from '@/components/ui/page-header';
import { LayoutNextSteps, type NextStepsAccess } from '@/components/documents/layout-next-steps';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { LeaveDialog } from '@/components/unsaved-work/leave-dialog';
import { useLeaveGuard } from '@/lib/unsaved-work/use-leave-guard';
import { isDirty } from '@/lib/editor/editor-model';
import { layoutKey } from '@/lib/unsaved-work/browser-store';
import { dropCopy } from '@/lib/unsaved-work/local-copy';
import type { PageSize } from '@/lib/editor/geometry';
import { slotList } from '@/lib/editor/slots';
import { editorDocumentQuery, editorPdfQuery, type EditorSnapshot } from '@/lib/editor/queries';
import { CompleteDialog } from './complete-dialog';
import { ConflictDialog } from './conflict-dialog';
import { CompletedBanner, ExpiredBanner } from './editor-banners';
import { EditorToolbar } from './editor-toolbar';
import { FieldList } from './field-list';
import { FieldPalette } from './field-palette';
import { LayoutProblemList } from './layout-problems';
import type { PdfPagesHandle } from './pdf-pages';
import { PropertiesPanel } from './properties-panel';
import { useEditorCommands } from './use-editor-commands';
import { useFieldActions, useSaveShortcut } from './use-field-actions';
import { useEditorModel } from './use-editor-model';
import { pageCount } from '@/lib/editor/points';
import { useEditorSession, type SessionHow } from './use-editor-session';

// pdf.js loads only here, in the browser (DESIGN.md section 7).
const PdfPages = dynamic(() => import('./pdf-pages'), { ssr: false, loading: () => <Skeleton className="size-full" /> });

/** The hosted editor for one document: palette, pages with fields, properties, save and complete, and what comes after. */
export function EditorScreen({ documentId, access }: { documentId: string; access: NextStepsAccess }) {
  const { model, dispatch, conflict, adopt, keepMine, takeServer } = useEditorModel(documentId);
  const [serverSizes, setServerSizes] = useState<PageSize[] | undefined>();
  const onSnapshot = useCallback(
    (snap: EditorSnapshot, how: SessionHow) => {
      const reopened = how === 'opened' && model.version !== null;
      if (snap.pageSizes) setServerSizes(snap.pageSizes);
      const outcome = adopt(snap, 'session');
      if (reopened && outcome !== 'conflict')
        toast.success('A new editor session is open for the next hour. Your layout is kept.');
    },
    [adopt, model.version],
  );
  const session = useEditorSession(documentId, onSnapshot);
  const pages = useRef<PdfPagesHandle>(null);
  const [pageSizes, setPageSizes] = useState<PageSize[]>([]);
  const [confirming, setConfirming] = useState(false);
  const slots = useMemo(() => slotList(model.fields, model.extraSlots), [model.fields, model.extraSlots]);
  const { selected, actions, addField, addSlot, reveal } = useFieldActions(model, dispatch, pages, slots);
  const commands = useEditorCommands({ documentId, model, dispatch, adopt, markExpired: session.markExpired, reveal });
  const pdf = useQuery({ ...editorPdfQuery(documentId), enabled: session.phase === 'ready' });
  const doc = useQuery(editorDocumentQuery(documentId));

  const dirty = isDirty(model);
  const readOnly = model.status === 'completed';
  const problemIds = useMemo(() => new Set(Object.keys(model.problems.byField)), [model.problems]);
  const { save } = commands;
  const canSave = dirty && !readOnly && !session.expired && commands.running === null && model.version !== null;
  useSaveShortcut(canSave, save);
  // Leaving within the console with unsaved fields asks first. A reload or a closed tab does
  // not: the layout is kept in this browser and restored on return (use-editor-model.ts).
  const guard = useLeaveGuard(dirty && !readOnly, { kept: 'browser' });
  // A save that did not go through keeps the user here, where its refusal or conflict is shown.
  const saveAndLeave = () => void save().then((saved) => (saved ? guard.leave() : guard.stay()));
  // "Leave" means the changes go: the kept copy too, or the next visit would bring them back.
  const leaveUnsaved = () => {
    dropCopy(layoutKey(documentId));
    guard.leave();
  };

  const description = doc.data
    ? `${doc.data.name}${doc.data.page_count ? ` · ${pageCount(doc.data.page_count)}` : ''}`
    : `Document ${documentId}`;
  return (
    <>
      <PageHeader
        title="Field editor"
        description={description}
        actions={
          <Link
            href={`/documents/${encodeURIComponent(documentId)}` as Route}
            className="text-sm font-medium text-brand-700 underline"
          >
            Back to the document
          </Link>
        }
      />
      {session.phase === 'failed' ? (
        <ErrorState title="The editor could not be opened" message={session.error ?? ''} onRetry={() => void session.retry()} />
      ) : (
        <>
          <EditorToolbar
            dirty={dirty}
            version={model.version}
            completed={readOnly}
            deadline={session.deadline}
            expired={session.expired}
            renewing={session.opening}
            running={commands.running}
            onRenew={() => void session.open()}
            onSave={() => void save()}
            onComplete={() => setConfirming(true)}
          />
          {session.expired && !readOnly && (
            <ExpiredBanner
              fieldCount={model.fields.length}
              dirty={dirty}
              opening={session.opening}
              onOpen={() => void session.open()}
            />
          )}
          {readOnly && <CompletedBanner version={model.version} />}
          {readOnly && doc.data?.logical_purpose === 'SIGNATURE_TARGET' && (
            <LayoutNextSteps documentId={doc.data.id} documentName={doc.data.name} access={access} />
          )}
          {/* One column on a phone: palette, pages, then the panel; three side by side from lg. */}
          <div className="grid grid-cols-1 items-start gap-3 lg:grid-cols-[10rem_minmax(0,1fr)_18rem]">
            <FieldPalette disabled={readOnly || pageSizes.length === 0} onAdd={addField} />
            <div className="h-[70vh] min-h-[24rem] overflow-hidden rounded-lg bg-slate-200 ring-1 ring-slate-300 lg:h-[calc(100vh-15rem)] lg:min-h-[30rem]">
              {pdf.isError ? (
                <ErrorState title="The PDF could not be loaded" message={pdf.error.message} onRetry={() => void pdf.refetch()} />
              ) : pdf.data ? (
                <PdfPages
                  bytes={pdf.data}
                  serverSizes={serverSizes}
                  fields={model.fields}
                  selectedId={model.selectedId}
                  problemIds={problemIds}
                  slots={slots}
                  readOnly={readOnly}
                  actions={actions}
                  onPageSizes={setPageSizes}
                  handleRef={pages}
                />
              ) : (
                <Skeleton className="size-full" />
              )}
            </div>
            <div className="flex flex-col gap-3 lg:max-h-[calc(100vh-15rem)] lg:min-h-[30rem] lg:overflow-y-auto">
              <LayoutProblemList problems={model.problems} onSelect={reveal} />
              <PropertiesPanel
                field={selected}
                slots={slots}
                pageSizes={pageSizes}
                problems={selected ? (model.problems.byField[selected.id] ?? []) : []}
                readOnly={readOnly}
                onChange={(patch) => selected && dispatch({ type: 'update', id: selected.id, patch })}
                onAddSlot={addSlot}
                onRemove={() => selected && dispatch({ type: 'remove', id: selected.id })}
              />
              <FieldList
                fields={model.fields}
                slots={slots}
                selectedId={model.selectedId}
                problemIds={problemIds}
                onSelect={reveal}
              />
            </div>
          </div>
        </>
      )}
      <LeaveDialog
        open={guard.pending !== null}
        what="field layout"
        onStay={guard.stay}
        onLeave={leaveUnsaved}
        save={
          session.expired || model.version === null
            ? undefined
            : { label: 'Save and leave', busy: commands.running === 'SAVE_LAYOUT', run: saveAndLeave }
        }
      />
      <ConflictDialog conflict={conflict} onKeepMine={keepMine} onTakeServer={takeServer} />
      <CompleteDialog
        open={confirming}
        fields={model.fields}
        dirty={dirty}
        running={commands.running === 'COMPLETE'}
        onOpenChange={setConfirming}
        onConfirm={() => void commands.complete().then(() => setConfirming(false))}
      />
    </>
  );
}
