'use client';

import { useEffect, useState } from 'react';
import { formatCountdown, sessionPhase } from '@/lib/editor/session-clock';

const TONES = {
  ok: 'bg-slate-100 text-slate-800 ring-slate-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  expired: 'bg-red-50 text-red-800 ring-red-600/40',
};

/** Time left in the editor session, mm:ss; amber in the last five minutes. */
export function SessionCountdown({
  deadline,
  expired,
  onRenew,
  renewing,
}: {
  deadline: number | null;
  expired: boolean;
  onRenew(): void;
  renewing: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (deadline === null) return null;
  const remaining = deadline - now;
  const phase = expired ? 'expired' : sessionPhase(remaining);
  return (
    <span className={`inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm ring-1 ring-inset ${TONES[phase]}`}>
      <span role="timer" aria-label="Editor session time left" className="tabular-nums">
        {phase === 'expired' ? 'Session expired' : `Session ${formatCountdown(remaining)}`}
      </span>
      {phase === 'warning' && (
        <button type="button" onClick={onRenew} disabled={renewing} className="font-semibold underline underline-offset-2">
          Renew
        </button>
      )}
    </span>
  );
}
