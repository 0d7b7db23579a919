import 'server-only';

// What a person is told of, in words. Each event of the watcher or of a batch maps to one kind;
// the words never carry a receipt, key or password (a notification is mailed as it reads).

export const NOTIFICATION_KINDS = {
  'package.completed': 'Package completed',
  'package.declined': 'Package declined',
  'package.expired': 'Package expired',
  'request.needs_revision': 'Request sent back for revision',
  'request.approved': 'Request approved',
  'request.rejected': 'Request rejected',
  'bulk.finished': 'Batch finished',
  'bulk.to_review': 'Batch rows to review again',
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

const SENTENCES: Record<NotificationKind, (name: string) => string> = {
  'package.completed': (n) => `${n} was signed by every signer.`,
  'package.declined': (n) => `${n} was declined by a signer.`,
  'package.expired': (n) => `${n} expired before every signer had signed.`,
  'request.needs_revision': (n) => `${n} was sent back to you for revision.`,
  'request.approved': (n) => `${n} was approved.`,
  'request.rejected': (n) => `${n} was rejected.`,
  'bulk.finished': (n) => `${n} has no row left to send.`,
  'bulk.to_review': (n) => `Rows of ${n} waited past their receipt: review them again to send them.`,
};

/** The title and sentence of a notification of `kind` about the record called `name`. */
export const notificationText = (kind: NotificationKind, name: string) => ({
  title: NOTIFICATION_KINDS[kind],
  body: SENTENCES[kind](name),
});

const q = encodeURIComponent;
/** The console page of a notification's subject, as Home links to it. */
export const subjectHref = (type: 'package' | 'approval_request' | 'bulk_batch', id: string) =>
  type === 'package' ? `/packages/${q(id)}` : type === 'approval_request' ? `/approvals/${q(id)}` : `/packages/bulk/${q(id)}`;
