import { formatDateTime } from '@/lib/format';
import type { PackageEvent } from '@/lib/packages/schemas';

const LABELS: Record<string, string> = {
  sent: 'Sent: delivery queued',
  delivered: 'Invitations delivered to the signers',
  signed: 'Signed',
  completed: 'Completed: everyone has signed',
  declined: 'Declined',
  expired: 'Expired before everyone signed',
  archived: 'Archived',
};

const DOT: Record<string, string> = {
  completed: 'bg-green-600',
  signed: 'bg-green-600',
  declined: 'bg-red-600',
  expired: 'bg-amber-500',
  archived: 'bg-slate-500',
};

/** The package's events, oldest first, each with who it concerns and why when the API says. */
export function PackageTimeline({ events, slotLabel }: { events: PackageEvent[]; slotLabel(slotId: string): string }) {
  if (events.length === 0) return <p className="text-sm text-slate-600">No events recorded yet.</p>;
  return (
    <ol className="relative ml-2 border-l border-slate-200">
      {events.map((e, i) => (
        <li key={`${e.at}-${e.type}-${i}`} className="mb-4 ml-5 last:mb-0">
          <span aria-hidden className={`absolute -left-[5px] mt-1.5 size-2.5 rounded-full ${DOT[e.type] ?? 'bg-brand-600'}`} />
          <p className="text-sm font-medium text-slate-900">
            {LABELS[e.type] ?? e.type}
            {e.slot_id && <span className="font-normal text-slate-700"> by {slotLabel(e.slot_id)}</span>}
          </p>
          <p className="text-xs text-slate-600">{formatDateTime(e.at)}</p>
          {e.reason && <p className="mt-0.5 text-sm text-slate-700">Reason: {e.reason}</p>}
        </li>
      ))}
    </ol>
  );
}
