import { Button } from '@/components/ui/button';

/** The session ran out: the layout stays here, and a new session picks it up. */
export function ExpiredBanner({
  fieldCount,
  dirty,
  opening,
  onOpen,
}: {
  fieldCount: number;
  dirty: boolean;
  opening: boolean;
  onOpen(): void;
}) {
  return (
    <div
      role="alert"
      className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="flex-1">
        <span className="font-semibold">Your editor session has expired.</span>{' '}
        {dirty
          ? `Your unsaved layout (${fieldCount} ${fieldCount === 1 ? 'field' : 'fields'}) is kept in this browser. Open a new session, then save it.`
          : 'Open a new session to keep working.'}
      </p>
      <Button busy={opening} onClick={onOpen}>
        Open a new session
      </Button>
    </div>
  );
}

export function CompletedBanner({ version }: { version: number | null }) {
  return (
    <div role="note" className="mb-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
      <span className="font-semibold">This layout is completed</span> (version {version}). Its fields can no longer be changed.
    </div>
  );
}
