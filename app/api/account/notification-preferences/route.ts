import { db } from '@/server/db';
import { env } from '@/server/env';
import { handler } from '@/server/http/handler';
import { preferencesOf } from '@/server/notifications/preferences';
import { updateNotificationPreferences } from '@/server/notifications/update-preferences';
import { savePreferencesSchema, type SavedPreferences } from '@/lib/notifications/preference-schemas';

// The signed-in person's own notification preferences (issue 37): nobody reads or sets another's.
export const GET = handler({ permission: 'read' }, async ({ user }) =>
  preferencesOf(await db(), user.id, Boolean(env().SMTP_URL), user.roles.includes('admin')),
);

export const PUT = handler(
  {
    permission: 'read',
    body: savePreferencesSchema,
    maxBodyBytes: 16 * 1024,
    audit: {
      operation: 'notification_preferences.update',
      targetType: 'user',
      target: (_p, _b, result) => (result as SavedPreferences | null)?.user_id,
      details: (body, result) => ({
        changes: (result as SavedPreferences | null)?.changes ?? [],
        digest_hour: body.digest_hour,
        time_zone: body.time_zone,
      }),
    },
  },
  async ({ user, body }) =>
    updateNotificationPreferences({
      db: await db(),
      userId: user.id,
      input: body,
      emailConfigured: Boolean(env().SMTP_URL),
      admin: user.roles.includes('admin'),
      now: new Date(),
    }),
);
