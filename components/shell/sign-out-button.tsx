'use client';

import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { beginSignOut } from '@/lib/api-client';
import { clearKeptWork } from '@/lib/unsaved-work/browser-store';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    const undo = beginSignOut();
    const res = await fetch('/api/auth/sign-out', { method: 'POST' }).catch(() => null);
    if (!res?.ok) {
      undo();
      setBusy(false);
      toast.error('Sign-out failed. Try again.', { id: 'sign-out' });
      return;
    }
    // Unsaved work kept in this browser goes with the session: the next person here finds none.
    clearKeptWork();
    // A provider's account ends the provider's session too, which sends the browser back to sign-in.
    const answer = (await res.json().catch(() => ({}))) as { redirect?: unknown };
    if (typeof answer.redirect === 'string' && /^https?:\/\//.test(answer.redirect))
      return window.location.assign(answer.redirect);
    // A full load drops every cached query of the previous session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign('/sign-in?signed_out=1');
  };
  return (
    <button
      type="button"
      onClick={signOut}
      disabled={busy}
      className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-100 ring-1 ring-slate-500 hover:bg-slate-700"
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  );
}
