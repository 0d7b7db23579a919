import type { CancelResult } from '@/lib/bulk/schemas';

const lines = (ns: number[]) => (ns.length <= 12 ? ns.join(', ') : `${ns.slice(0, 12).join(', ')} and ${ns.length - 12} more`);

/** What "Cancel the rest" did, row by row, as the server committed it. */
export function CancelOutcome({ result }: { result: CancelResult }) {
  return (
    <div role="status" className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="cancel-outcome">
      <p className="font-medium">The rest of this batch is cancelled.</p>
      <ul className="mt-1 list-disc pl-5">
        <li>
          {result.cancelled.length === 0
            ? 'No row was left to cancel.'
            : `Cancelled, never to be sent: ${result.cancelled.length === 1 ? 'row' : 'rows'} ${lines(result.cancelled)}.`}
        </li>
        {result.in_flight.length > 0 && (
          <li>
            Already handed to the Signing API, finishing: {result.in_flight.length === 1 ? 'row' : 'rows'}{' '}
            {lines(result.in_flight)}. Each ends sent or failed below.
          </li>
        )}
        {result.sent.length > 0 && (
          <li>
            Sent before the cancel: {result.sent.length === 1 ? 'row' : 'rows'} {lines(result.sent)}.
          </li>
        )}
      </ul>
    </div>
  );
}
