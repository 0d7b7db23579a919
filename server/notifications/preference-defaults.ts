import 'server-only';
import type { NotificationChannel, NotificationDelivery } from '../db/schema';

// What a person gets before they choose. In the console, everything at once: the bell costs
// nothing and stays unread until read. By e-mail, at once what asks something of them (a decline,
// an expiry, a revision, a rejection, rows to review again: the sooner, the less work is lost),
// and in the daily digest what is good news with nothing to do (completed, approved, a batch
// finished). A kind this list does not name (one added later, an admin's alert) goes at once:
// a new kind is more likely to need someone than to be noise, and it can be turned down.

const EMAIL_DIGEST_BY_DEFAULT = new Set(['package.completed', 'request.approved', 'bulk.finished']);

export const DEFAULT_DIGEST_HOUR = 8;
/** until the person saves their own (the page offers their browser's) */
export const DEFAULT_TIME_ZONE = 'UTC';

export const defaultDelivery = (kind: string, channel: NotificationChannel): NotificationDelivery =>
  channel === 'email' && EMAIL_DIGEST_BY_DEFAULT.has(kind) ? 'digest' : 'now';
