// The colour of every status the console shows, by what it means: one mapping for the badges on
// every page (components/ui/states.tsx StatusBadge) and home, so "Declined" is red everywhere.

export type StatusTone = 'gray' | 'green' | 'amber' | 'red' | 'blue';

const TONES: Readonly<Record<string, StatusTone>> = {
  active: 'green',
  archived: 'gray',
  completed: 'green',
  approved: 'green',
  queued: 'blue',
  delivered: 'blue',
  in_progress: 'blue',
  draft: 'gray',
  needs_revision: 'amber',
  declined: 'red',
  rejected: 'red',
  expired: 'amber',
};

/** The colour of a status code, whatever its case; gray for one not listed. */
export const statusTone = (status: string): StatusTone => {
  const key = status.toLowerCase();
  return Object.hasOwn(TONES, key) ? TONES[key]! : 'gray';
};
