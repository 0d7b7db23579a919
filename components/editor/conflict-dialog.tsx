'use client';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { diffLayouts, rebaseLayout, type ChangeKind, type FieldChange } from '@/lib/editor/layout-diff';
import type { LayoutField } from '@/lib/documents/schemas';

export interface Conflict {
  /** the server's current layout and version, just re-read */
  server: { fields: LayoutField[]; version: number };
  /** the layout the user's edits started from, and its version */
  base: LayoutField[];
  baseVersion: number | null;
  local: LayoutField[];
  cause: 'save' | 'session';
}

const KIND: Record<ChangeKind, { label: string; tone: string }> = {
  added: { label: 'Added', tone: 'bg-green-50 text-green-800 ring-green-600/30' },
  removed: { label: 'Removed', tone: 'bg-red-50 text-red-800 ring-red-600/30' },
  moved: { label: 'Moved', tone: 'bg-brand-50 text-brand-700 ring-brand-600/30' },
  changed: { label: 'Changed', tone: 'bg-amber-50 text-amber-900 ring-amber-600/30' },
};

function ChangeList({ title, changes }: { title: string; changes: FieldChange[] }) {
  return (
    <section aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-900">
        {title} ({changes.length})
      </h3>
      {changes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None.</p>
      ) : (
        <ul className="mt-1 flex max-h-52 flex-col gap-1 overflow-y-auto text-sm">
          {changes.map((c) => (
            <li key={`${c.kind}-${c.id}`} className="flex items-baseline gap-2">
              <span className={`rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${KIND[c.kind].tone}`}>
                {KIND[c.kind].label}
              </span>
              <code className="text-xs text-slate-900">{c.id}</code>
              <span className="text-slate-700">{c.summary}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** After a version conflict: what changed on each side, and the user's choice of how to go on. */
export function ConflictDialog({
  conflict,
  onKeepMine,
  onTakeServer,
}: {
  conflict: Conflict | null;
  onKeepMine(): void;
  onTakeServer(): void;
}) {
  if (!conflict) return null;
  const theirs = diffLayouts(conflict.base, conflict.server.fields);
  const mine = diffLayouts(conflict.base, conflict.local);
  const rebase = rebaseLayout(conflict.base, conflict.local, conflict.server.fields);
  const contested = [...rebase.overridden, ...rebase.restored];
  const from = conflict.baseVersion === null ? 'the version you started from' : `version ${conflict.baseVersion}`;
  return (
    <Dialog
      open
      wide
      // A choice is required: closing would leave the editor on a version it can no longer save.
      onOpenChange={() => undefined}
      title="The layout changed on the server"
      description={`${conflict.cause === 'save' ? 'Your save was not applied: someone' : 'While your session was closed, someone'} saved this layout as version ${conflict.server.version} since ${from}. Review the changes, then choose how to continue.`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ChangeList title={`Changed on the server since ${from}`} changes={theirs} />
        <ChangeList title="Your unsaved changes" changes={mine} />
      </div>
      {(contested.length > 0 || rebase.dropped.length > 0) && (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {contested.length > 0 && `Both sides changed ${contested.join(', ')}: keeping your changes keeps your version. `}
          {rebase.dropped.length > 0 &&
            `You deleted ${rebase.dropped.join(', ')}, which the server changed: keeping your changes deletes it.`}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onTakeServer}>
          Use the server’s layout
        </Button>
        <Button onClick={onKeepMine}>Keep my changes on top</Button>
      </div>
      <p className="mt-2 text-right text-xs text-slate-600">Either way nothing is saved until you press Save.</p>
    </Dialog>
  );
}
