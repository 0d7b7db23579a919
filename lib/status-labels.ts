// Every status the console shows, by family, in the words a person reads. The API's codes
// (IN_PROGRESS, queued…) stay in URLs and requests; on screen only these labels appear. The
// spec lists no full set of statuses, so a code not listed here is still said in words.

export type StatusFamily = 'request' | 'decision' | 'package' | 'invitation' | 'signer' | 'layout' | 'catalog';

const LABELS: Record<StatusFamily, Record<string, string>> = {
  request: {
    DRAFT: 'Draft',
    IN_PROGRESS: 'In progress',
    NEEDS_REVISION: 'Needs revision',
    APPROVED: 'Approved',
    REJECTED: 'Rejected',
  },
  decision: { APPROVED: 'Approved', REJECTED: 'Rejected', REVISION_REQUESTED: 'Revision requested' },
  package: { queued: 'Queued', delivered: 'Delivered', completed: 'Completed', declined: 'Declined', expired: 'Expired' },
  // A send's `invitation_status`: queued means delivery is queued, not that mail went out (spec §3).
  invitation: { queued: 'Queued for delivery' },
  signer: { pending: 'Pending', invited: 'Invited', signed: 'Signed', declined: 'Declined' },
  layout: { none: 'No layout yet', draft: 'Draft', completed: 'Completed' },
  catalog: { active: 'Active', archived: 'Archived' },
};

/** "In progress" for IN_PROGRESS; an unlisted "ON_HOLD" becomes "On hold". */
export function statusLabel(family: StatusFamily, code: string): string {
  const known = LABELS[family][code];
  if (known) return known;
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** The label inside a sentence: "this one is in progress". */
export const statusWords = (family: StatusFamily, code: string) => statusLabel(family, code).toLowerCase();

/** Filter options for a family, in the order given. */
export const statusOptions = (family: StatusFamily, codes: readonly string[]) =>
  codes.map((value) => ({ value, label: statusLabel(family, value) }));

/**
 * Filter options for statuses the spec does not list in full: the codes it names, in its
 * order, then every other code seen in the API's answers, once each and ordered by label.
 */
export function statusOptionsWithSeen(family: StatusFamily, named: readonly string[], seen: Iterable<string>) {
  const others = [...new Set(seen)].filter((code) => code !== '' && !named.includes(code));
  const byLabel = statusOptions(family, others).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return [...statusOptions(family, named), ...byLabel];
}
