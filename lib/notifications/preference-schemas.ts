import { z } from 'zod';

// What /api/account/notification-preferences takes and answers (issue 37): per kind, how the
// console and e-mail tell it, and the hour and time zone of the daily digest.

/** 'now': at once; 'digest': in the daily digest (e-mail only); 'off': not at all. */
export const deliverySchema = z.enum(['now', 'digest', 'off']);
export type Delivery = z.infer<typeof deliverySchema>;

/** The console's bell is its own digest (unread until read), so it offers at once or off. */
export const consoleDeliverySchema = z.enum(['now', 'off']);

export const MAX_TIME_ZONE_LENGTH = 64;

/** An IANA time zone this server's Intl knows (Europe/Paris, UTC, America/New_York). */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, 'choose a time zone')
  .max(MAX_TIME_ZONE_LENGTH, `at most ${MAX_TIME_ZONE_LENGTH} characters`)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'is not a time zone this server knows (an IANA name such as Europe/Paris)');

export const preferenceChoiceSchema = z.strictObject({
  kind: z.string().min(1).max(100),
  console: consoleDeliverySchema,
  email: deliverySchema,
});
export type PreferenceChoice = z.infer<typeof preferenceChoiceSchema>;

/** PUT: every kind's choice (kinds left out keep theirs), the digest hour (0–23) and time zone. */
export const savePreferencesSchema = z.strictObject({
  choices: z.array(preferenceChoiceSchema).max(100),
  digest_hour: z.number().int().min(0, 'from 0 to 23').max(23, 'from 0 to 23'),
  time_zone: timeZoneSchema,
});
export type SavePreferences = z.infer<typeof savePreferencesSchema>;

export const preferencesSchema = z.object({
  /** SMTP_URL is set: e-mail choices take effect */
  email_configured: z.boolean(),
  kinds: z.array(preferenceChoiceSchema.extend({ label: z.string(), customized: z.boolean() })),
  digest_hour: z.number().int(),
  /** null until the person first saves (the page offers the browser's own) */
  time_zone: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PUT's answer: the preferences as they now stand, and each cell the save changed (for the audit log). */
export const savedPreferencesSchema = preferencesSchema.extend({
  user_id: z.string(),
  changes: z.array(
    z.object({ kind: z.string(), channel: z.enum(['console', 'email']), from: deliverySchema, to: deliverySchema }),
  ),
  digest_changed: z.boolean(),
});
export type SavedPreferences = z.infer<typeof savedPreferencesSchema>;
