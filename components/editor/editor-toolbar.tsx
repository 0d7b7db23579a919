import { Button } from '@/components/ui/button';
import { SessionCountdown } from './session-countdown';
import { Card } from '../ui/card';

interface EditorToolbarProps {
  dirty: boolean;
  version: number | null;
  completed: boolean;
  deadline: number | null;
  expired: boolean;
  renewing: boolean;
  running: 'SAVE_LAYOUT' | 'COMPLETE' | null;
  onRenew(): void;
  onSave(): void;
  onComplete(): void;
}

function SaveState({ dirty, version, completed }: { dirty: boolean; version: number | null; completed: boolean }) {
  if (completed) return <span className="text-sm font-medium text-green-800">Completed · version {version}</span>;
  if (dirty) {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-amber-900">
        <span className="size-2 rounded-full bg-amber-500" aria-hidden />
        Unsaved changes
      </span>
    );
  }
  return (
    <span className="text-sm text-slate-700">{version === null ? 'Loading…' : `All changes saved · version ${version}`}</span>
  );
}

/** Save state, the session's time left, and the two commands. */
export function EditorToolbar({
  dirty,
  version,
  completed,
  deadline,
  expired,
  renewing,
  running,
  onRenew,
  onSave,
  onComplete,
}: EditorToolbarProps) {
  const blocked = version === null || expired || completed || running !== null;
  return (
    <Card className="mb-3 flex flex-wrap items-center gap-3 px-3 py-2">
      <span role="status" aria-label="Save state">
        <SaveState dirty={dirty} version={version} completed={completed} />
      </span>
      {!completed && <SessionCountdown deadline={deadline} expired={expired} onRenew={onRenew} renewing={renewing} />}
      <div className="ml-auto flex gap-2">
        <Button
          variant="secondary"
          busy={running === 'SAVE_LAYOUT'}
          disabled={blocked || !dirty}
          onClick={onSave}
          title="Save (Ctrl+S)"
        >
          Save
        </Button>
        <Button busy={running === 'COMPLETE'} disabled={blocked} onClick={onComplete}>
          Complete…
        </Button>
      </div>
    </Card>
  );
}
