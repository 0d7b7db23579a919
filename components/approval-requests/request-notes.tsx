// What a request's page must say that the API's answer does not: where decisions are made
// (no API-key route approves or rejects as a human, spec section 4) and, for a draft saved at
// the API, that it stays one (no route submits, edits or deletes it) and so keeps its workflow
// in use for good (spec rule 2). This console keeps its own drafts instead (/approvals/drafts).

/** The decision sentence on every request's page, and what a draft means on a draft's. */
export function RequestNotes({ status }: { status: string }) {
  return (
    <div className="mb-4 flex flex-col gap-2 text-sm">
      {status === 'DRAFT' && (
        <p role="note" aria-label="About drafts" className="rounded-md bg-slate-50 p-3 text-slate-800 ring-1 ring-slate-200">
          This request was saved as a draft at the Signing API (by another client, or by an earlier version of this console). The
          API lets nobody submit, edit or delete it from here, and while it exists it keeps its workflow in use: that workflow
          cannot be archived, now or later. Drafts this console keeps for you are under Approvals → Drafts, and never reach the
          API until you submit them.
        </p>
      )}
      <p className="text-slate-700">Approving and rejecting happen in the Signing service’s own approval screens, not here.</p>
    </div>
  );
}
