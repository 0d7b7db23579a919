import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { preferencesOf, savePreferences } from './preferences';
import type { SavedPreferences, SavePreferences } from '@/lib/notifications/preference-schemas';

/** PUT /api/account/notification-preferences: saves the person's own, answers them as they now stand and what changed. */
export async function updateNotificationPreferences(opts: {
  db: Kysely<Database>;
  userId: string;
  input: SavePreferences;
  emailConfigured: boolean;
  /** whether the person is an admin (their alerts' kinds are listed) */
  admin: boolean;
  now: Date;
}) {
  const { changes, digest } = await savePreferences(opts.db, opts.userId, opts.input, opts.now);
  const saved: SavedPreferences = {
    ...(await preferencesOf(opts.db, opts.userId, opts.emailConfigured, opts.admin)),
    user_id: opts.userId,
    changes,
    digest_changed: digest !== null,
  };
  return saved;
}
