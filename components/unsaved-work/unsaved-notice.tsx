import { formatDateTime, formatTime } from '@/lib/format';
import { Button } from '../ui/button';

export type UnsavedNoticeProps =
  | {
      /** input kept in this browser was brought back */
      kind: 'restored';
      at: string;
      /** what the input had not been yet: "sent", "saved" */
      notYet: string;
      /** what to do with it, in a sentence */
      then: string;
    }
  | {
      /** input kept in this browser was brought back, but the console's draft was saved again since */
      kind: 'draft-newer';
      at: string;
      onLoad(): void;
      onKeep(): void;
    }
  | {
      /** a save was refused: another tab saved this draft after this form read it */
      kind: 'conflict';
      /** when the draft was saved elsewhere */
      savedAt: string;
      /** what differs there, in a sentence */
      difference: string;
      busy: boolean;
      onOverwrite(): void;
      onLoad(): void;
    };

const INFO = 'rounded-md bg-brand-50 p-3 text-sm text-slate-800 ring-1 ring-brand-600/20';
const WARN = 'rounded-md bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-600/30';

/**
 * What a form says about unsaved work it did not simply start from: input restored from this
 * browser, a copy older than the draft saved elsewhere since, or a save refused over another
 * tab's. Where two versions of the work meet, what differs is named and the user chooses.
 */
export function UnsavedNotice(props: UnsavedNoticeProps) {
  if (props.kind === 'restored')
    return (
      <p role="status" className={INFO}>
        Restored what you typed on {formatDateTime(props.at)} and had not {props.notYet}. {props.then}
      </p>
    );
  if (props.kind === 'draft-newer')
    return (
      <div role="alert" className={WARN}>
        <p className="font-semibold">
          Restored what you typed on {formatDateTime(props.at)}, but this draft was saved again elsewhere (another tab or window)
          since.
        </p>
        <p className="mt-1">The form shows your typing. Keep it and save it over the draft, or load the draft as saved.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={props.onLoad}>
            Load the saved draft
          </Button>
          <Button size="sm" onClick={props.onKeep}>
            Keep what I typed
          </Button>
        </div>
      </div>
    );
  return (
    <div role="alert" className={WARN}>
      <p className="font-semibold">
        This draft was saved elsewhere (another tab or window) at {formatTime(props.savedAt)}, after you opened it.
      </p>
      <p className="mt-1">{props.difference}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={props.onLoad} disabled={props.busy}>
          Load the saved draft
        </Button>
        <Button size="sm" onClick={props.onOverwrite} busy={props.busy}>
          Save mine over it
        </Button>
      </div>
    </div>
  );
}
