import { conflict, validationFailed } from '../http/errors.ts';
import type { Ticker } from '../scheduler.ts';
import type { Services } from '../services.ts';
import { DELIVERY_DELAY_MS, activePackages, isTerminal, type PackageRecord, type PackageSigner } from './packages.ts';

// How a package moves once sent: the simulation delivers it a minute after sending and
// expires it at its deadline; the control plane plays the recipients (sign, decline).

export const PACKAGE_ACTIONS = ['deliver', 'hold_delivery', 'complete', 'decline', 'expire'] as const;
export type PackageAction = (typeof PACKAGE_ACTIONS)[number];

const iso = (ms: number) => new Date(ms).toISOString();

const invalidTransition = (p: PackageRecord, action: PackageAction, why = `it is ${p.status}`) =>
  conflict('INVALID_TRANSITION', `Cannot ${action} package ${p.id}: ${why}.`);

function deliver(p: PackageRecord, at: number): PackageRecord {
  return {
    ...p,
    status: 'delivered',
    invitation_status: 'delivered',
    delivered_at: iso(at),
    updated_at: iso(at),
    signers: p.signers.map((s) => (s.status === 'pending' ? { ...s, status: 'invited' } : s)),
    events: [...p.events, { at: iso(at), type: 'delivered' }],
  };
}

function expire(p: PackageRecord, at: number): PackageRecord {
  return {
    ...p,
    status: 'expired',
    expired_at: iso(at),
    updated_at: iso(at),
    events: [...p.events, { at: iso(at), type: 'expired' }],
  };
}

function signerOf(p: PackageRecord, slotId: string): PackageSigner {
  const signer = p.signers.find((s) => s.slot_id === slotId);
  if (!signer) throw validationFailed([{ path: 'signer_slot_id', message: `package ${p.id} has no signer in slot "${slotId}"` }]);
  return signer;
}

/** Signs for one signer, or for everyone still invited; the package completes when all have signed. */
function complete(p: PackageRecord, slotId: string | undefined, at: number): PackageRecord {
  if (p.status !== 'delivered') throw invalidTransition(p, 'complete');
  const targets = slotId ? [signerOf(p, slotId)] : p.signers.filter((s) => s.status === 'invited');
  const notInvited = targets.find((s) => s.status !== 'invited');
  if (notInvited) throw invalidTransition(p, 'complete', `signer "${notInvited.slot_id}" is ${notInvited.status}`);
  const slots = new Set(targets.map((s) => s.slot_id));
  const signers = p.signers.map((s) => (slots.has(s.slot_id) ? { ...s, status: 'signed' as const, signed_at: iso(at) } : s));
  const events = [...p.events, ...targets.map((s) => ({ at: iso(at), type: 'signed' as const, slot_id: s.slot_id }))];
  const done = signers.every((s) => s.status === 'signed');
  return {
    ...p,
    signers,
    status: done ? 'completed' : p.status,
    completed_at: done ? iso(at) : null,
    updated_at: iso(at),
    events: done ? [...events, { at: iso(at), type: 'completed' }] : events,
  };
}

/** One signer declines (the first one still invited when none is named); that closes the package. */
function decline(p: PackageRecord, slotId: string | undefined, reason: string | undefined, at: number): PackageRecord {
  if (p.status !== 'delivered') throw invalidTransition(p, 'decline');
  const signer = slotId ? signerOf(p, slotId) : p.signers.find((s) => s.status === 'invited');
  if (!signer || signer.status !== 'invited')
    throw invalidTransition(p, 'decline', `signer "${signer?.slot_id ?? '-'}" cannot decline any more`);
  return {
    ...p,
    status: 'declined',
    declined_at: iso(at),
    decline_reason: reason ?? null,
    updated_at: iso(at),
    signers: p.signers.map((s) => (s.slot_id === signer.slot_id ? { ...s, status: 'declined', declined_at: iso(at) } : s)),
    events: [...p.events, { at: iso(at), type: 'declined', slot_id: signer.slot_id, ...(reason ? { reason } : {}) }],
  };
}

export function applyAction(
  p: PackageRecord,
  action: PackageAction,
  opts: { slotId?: string; reason?: string },
  now: number,
): PackageRecord {
  if (p.archive_status === 'archived') throw invalidTransition(p, action, 'it is archived');
  switch (action) {
    case 'deliver':
      if (p.status !== 'queued') throw invalidTransition(p, action);
      return deliver({ ...p, delivery_held: false }, now);
    // The world's part no key can play: an invitation the mail system keeps back, so the
    // package stays queued until delivered by hand or expired.
    case 'hold_delivery':
      if (p.status !== 'queued') throw invalidTransition(p, action);
      return { ...p, delivery_held: true };
    case 'complete':
      return complete(p, opts.slotId, now);
    case 'decline':
      return decline(p, opts.slotId, opts.reason, now);
    case 'expire':
      if (isTerminal(p.status)) throw invalidTransition(p, action);
      return expire(p, now);
  }
}

/** Applies what fell due by `now`, dated when it fell due rather than when it was noticed. */
export function advance(p: PackageRecord, now: number): PackageRecord {
  let next = p;
  const deliveryDue = p.sent_at_ms + DELIVERY_DELAY_MS;
  if (next.status === 'queued' && !p.delivery_held && now >= deliveryDue && deliveryDue < p.expires_at_ms) next = deliver(next, deliveryDue);
  if (!isTerminal(next.status) && now >= p.expires_at_ms) next = expire(next, p.expires_at_ms);
  return next;
}

export function nextDue(p: PackageRecord): number | null {
  if (p.status === 'queued') return p.delivery_held ? p.expires_at_ms : Math.min(p.sent_at_ms + DELIVERY_DELAY_MS, p.expires_at_ms);
  if (p.status === 'delivered') return p.expires_at_ms;
  return null;
}

export function packageTicker(services: Services): Ticker {
  return (now) => {
    let next: number | null = null;
    const moved: PackageRecord[] = [];
    for (const p of activePackages(services)) {
      const after = advance(p, now);
      if (after !== p) moved.push(after);
      const due = nextDue(after);
      if (due !== null && (next === null || due < next)) next = due;
    }
    if (moved.length > 0) services.records.tx(() => moved.forEach((p) => services.records.update('package', p)));
    return next;
  };
}
