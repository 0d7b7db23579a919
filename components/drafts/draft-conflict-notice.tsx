import { formatTime } from '@/lib/format';
import { Button } from '../ui/button';

interface DraftConflictNoticeProps {
  /** when the draft was saved elsewhere */
  savedAt: string;
  /** what differs there, in a sentence */
  difference: string;
  busy: boolean;
  onOverwrite(): void;
  onLoad(): void;
}

/**
 * Another tab saved this draft after this form read it. What differs is named, and the user
 * chooses: take the saved one, or knowingly save this form over it.
 */
export function DraftConflictNotice({ savedAt, difference, busy, onOverwrite, onLoad }: DraftConflictNoticeProps) {
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30">
      <p className="font-semibold">
        This draft was saved elsewhere (another tab or window) at {formatTime(savedAt)}, after you opened it.
      </p>
      <p className="mt-1">{difference}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onLoad} disabled={busy}>
          Load the saved draft
        </Button>
        <Button size="sm" onClick={onOverwrite} busy={busy}>
          Save mine over it
        </Button>
      </div>
    </div>
  );
}
