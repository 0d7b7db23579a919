import 'server-only';
import type { NotificationSubject } from '../db/schema';

// What a person is told of, in words. Each event of the watcher or of a batch maps to one kind;
// the words never carry a receipt, key or password (a notification is mailed as it reads).

export const NOTIFICATION_KINDS = {
  'package.completed': 'Package completed',
  'package.declined': 'Package declined',
  'package.expired': 'Package expired',
  'package.expiring': 'Package expiring soon',
  'package.queued_long': 'Package still queued',
  'request.needs_revision': 'Request sent back for revision',
  'request.approved': 'Request approved',
  'request.rejected': 'Request rejected',
  'request.past_sla': 'Request past its SLA',
  'bulk.finished': 'Batch finished',
  'bulk.to_review': 'Batch rows to review again',
  'intent.unconfirmed': 'Action still unconfirmed',
  'admin.api_key_refused': 'API key refused',
  'admin.api_unreachable': 'Signing API unreachable',
  'admin.jobs_failing': 'Background work failing',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

const PACKAGE_KINDS: Record<string, NotificationKind> = {
  completed: 'package.completed',
  declined: 'package.declined',
  expired: 'package.expired',
};
const REQUEST_KINDS: Record<string, NotificationKind> = {
  NEEDS_REVISION: 'request.needs_revision',
  APPROVED: 'request.approved',
  REJECTED: 'request.rejected',
};

/** The statuses told of, by kind of record (the others are not news to their sender). */
export const TOLD_STATUSES = { package: Object.keys(PACKAGE_KINDS), approval_request: Object.keys(REQUEST_KINDS) };

export const statusKind = (kind: 'package' | 'approval_request', status: string): NotificationKind | null =>
  (kind === 'package' ? PACKAGE_KINDS[status] : REQUEST_KINDS[status]) ?? null;

// The sentence of each kind. `name` names the record (or the action, or what failed); for the
// timed kinds it carries the time too, so the sentence is whole without a second argument.
const SENTENCES: Record<NotificationKind, (name: string, when?: string) => string> = {
  'package.completed': (n) => `${n} was signed by every signer.`,
  'package.declined': (n) => `${n} was declined by a signer.`,
  'package.expired': (n) => `${n} expired before every signer had signed.`,
  'package.expiring': (n, w) => `${n} expires ${w ? `on ${w}` : 'soon'} and not every signer has signed it yet.`,
  'package.queued_long': (n, w) =>
    `${n} was sent ${w ? `on ${w}` : 'a while ago'} and is still waiting to be delivered to its signers.`,
  'request.needs_revision': (n) => `${n} was sent back to you for revision.`,
  'request.approved': (n) => `${n} was approved.`,
  'request.rejected': (n) => `${n} was rejected.`,
  'request.past_sla': (n, w) =>
    `${n} is past the time its approvers were given (due ${w ? `on ${w}` : 'earlier'}) and is not decided yet.`,
  'bulk.finished': (n) => `${n} has no row left to send.`,
  'bulk.to_review': (n) => `Rows of ${n} waited past their receipt: review them again to send them.`,
  'intent.unconfirmed': (n, w) =>
    `${n} (${w ? `on ${w}` : 'earlier'}): the Signing API's answer was lost and it is not confirmed yet. Nothing is sent again until it is: open it to confirm it.`,
  'admin.api_key_refused': (n, w) =>
    `The Signing API refused ${n} (since ${w ?? 'now'}). Nobody can read or send until it is replaced (SIGNING_API_KEY).`,
  'admin.api_unreachable': (n, w) => `${n} has not answered since ${w ?? 'a while'}. Pages that read it fail until it is back.`,
  'admin.jobs_failing': (n, w) => `${n} failed after their retries (since ${w ?? 'now'}): see Admin → Background work.`,
};

/** The title and sentence of a notification of `kind` about the record called `name`, due or begun `when`. */
export const notificationText = (kind: NotificationKind, name: string, when?: string) => ({
  title: NOTIFICATION_KINDS[kind],
  body: SENTENCES[kind](name, when),
});

const q = encodeURIComponent;
/**
 * The console page of a notification's subject, as Home links to it. An action whose answer
 * was lost is confirmed where Home sends it (`place`, server/home/intent-place.ts); an admin's
 * alert links to the page that shows it (`place` too).
 */
export const subjectHref = (type: NotificationSubject, id: string, place?: string) =>
  type === 'package'
    ? `/packages/${q(id)}`
    : type === 'approval_request'
      ? `/approvals/${q(id)}`
      : type === 'bulk_batch'
        ? `/packages/bulk/${q(id)}`
        : (place ?? '/');
