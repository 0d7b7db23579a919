// What a request's page must say that the API's answer does not: where decisions are made
// (no API-key route approves or rejects as a human, spec section 4) and, for a draft, that it
// stays one (no route submits a draft later) and keeps its workflow in use (spec rule 2).

/** The decision sentence on every request's page, and what a draft means on a draft's. */
export function RequestNotes({ status }: { status: string }) {
  return (
    <div className="mb-4 flex flex-col gap-2 text-sm">
      {status === 'DRAFT' && (
        <p role="note" aria-label="About drafts" className="rounded-md bg-slate-50 p-3 text-slate-800 ring-1 ring-slate-200">
          A draft cannot be submitted from here later: the Signing API has no way to submit a saved draft. As long as it stays a
          draft, it keeps its workflow in use, so that workflow cannot be archived.
        </p>
      )}
      <p className="text-slate-700">Approving and rejecting happen in the Signing service’s own approval screens, not here.</p>
    </div>
  );
}
