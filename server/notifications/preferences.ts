import 'server-only';
import type { Kysely } from 'kysely';
import type { Database, NotificationChannel, NotificationDelivery } from '../db/schema';
import { ConsoleError } from '../errors';
import { NOTIFICATION_KINDS } from './kinds';
import { DEFAULT_DIGEST_HOUR, DEFAULT_TIME_ZONE, defaultDelivery } from './preference-defaults';
import type { Preferences, SavePreferences } from '@/lib/notifications/preference-schemas';

// A person's notification preferences (issue 37): per kind and channel, and the digest's hour
// and time zone. Every query is by the person's own id: nobody reads or changes another's.

type Db = Kysely<Database>;

export interface Cell {
  delivery: NotificationDelivery;
  /** 0: never changed (the default) */
  version: number;
}

/** How `kind` reaches `userId` by `channel`, and the version an unsubscribe link names. */
export async function preferenceOf(db: Db, userId: string, kind: string, channel: NotificationChannel): Promise<Cell> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['delivery', 'version'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('channel', '=', channel)
    .executeTakeFirst();
  return row ?? { delivery: defaultDelivery(kind, channel), version: 0 };
}

/** Where one event of `kind` goes for `userId`: the bell or not, and its e-mail at once, in the digest, or not. */
export async function routeOf(db: Db, userId: string, kind: string) {
  const [inConsole, email] = await Promise.all([
    preferenceOf(db, userId, kind, 'console'),
    preferenceOf(db, userId, kind, 'email'),
  ]);
  return { console: inConsole.delivery !== 'off', email: email.delivery };
}

export async function digestSettingsOf(db: Db, userId: string) {
  const row = await db
    .selectFrom('notification_settings')
    .select(['digest_hour', 'time_zone', 'digest_version'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { ...row, saved: true }
    : { digest_hour: DEFAULT_DIGEST_HOUR, time_zone: DEFAULT_TIME_ZONE, digest_version: 0, saved: false };
}

/** Admins' alerts (admin.*) are an admin's only: nobody else is told them, so nobody else chooses how. */
const kindsFor = (admin: boolean) => Object.entries(NOTIFICATION_KINDS).filter(([kind]) => admin || !kind.startsWith('admin.'));

export async function preferencesOf(db: Db, userId: string, emailConfigured: boolean, admin = false): Promise<Preferences> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'channel', 'delivery'])
    .where('user_id', '=', userId)
    .execute();
  const chosen = new Map(rows.map((r) => [`${r.kind}\u0000${r.channel}`, r.delivery]));
  const settings = await digestSettingsOf(db, userId);
  return {
    email_configured: emailConfigured,
    kinds: kindsFor(admin).map(([kind, label]) => {
      const inConsole = chosen.get(`${kind}\u0000console`);
      const email = chosen.get(`${kind}\u0000email`);
      return {
        kind,
        label,
        console: inConsole === 'off' ? 'off' : 'now',
        email: email ?? defaultDelivery(kind, 'email'),
        customized: inConsole !== undefined || email !== undefined,
      };
    }),
    digest_hour: settings.digest_hour,
    time_zone: settings.saved ? settings.time_zone : null,
  };
}

export interface PreferenceChange {
  kind: string;
  channel: NotificationChannel;
  from: NotificationDelivery;
  to: NotificationDelivery;
}

/**
 * Saves what the page sent, in one transaction: each cell that changes moves its version on (an
 * unsubscribe link made before no longer works). Answers what changed, for the audit log.
 */
export async function savePreferences(db: Db, userId: string, input: SavePreferences, now: Date) {
  const unknown = input.choices.filter((c) => !Object.hasOwn(NOTIFICATION_KINDS, c.kind));
  if (unknown.length)
    throw new ConsoleError(422, 'VALIDATION_FAILED', `Unknown notification kind: ${unknown.map((c) => c.kind).join(', ')}`, [
      { path: 'choices', message: 'names a kind the console does not have' },
    ]);
  if (new Set(input.choices.map((c) => c.kind)).size !== input.choices.length)
    throw new ConsoleError(422, 'VALIDATION_FAILED', 'Each kind may be named once.', [
      { path: 'choices', message: 'a kind named twice' },
    ]);
  const at = now.toISOString();
  return db.transaction().execute(async (tx) => {
    const changes: PreferenceChange[] = [];
    for (const choice of input.choices)
      for (const channel of ['console', 'email'] as const) {
        const to = choice[channel];
        const change = await setCell(tx, userId, choice.kind, channel, to, at);
        if (change) changes.push(change);
      }
    const before = await tx
      .selectFrom('notification_settings')
      .select(['digest_hour', 'time_zone'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await tx
      .insertInto('notification_settings')
      .values({ user_id: userId, digest_hour: input.digest_hour, time_zone: input.time_zone, updated_at: at })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ digest_hour: input.digest_hour, time_zone: input.time_zone, updated_at: at }),
      )
      .execute();
    const digestChanged = !before || before.digest_hour !== input.digest_hour || before.time_zone !== input.time_zone;
    return { changes, digest: digestChanged ? { digest_hour: input.digest_hour, time_zone: input.time_zone } : null };
  });
}

/** Sets one cell when it differs (its version moved on); answers the change, or null when it was already so. */
export async function setCell(
  db: Db,
  userId: string,
  kind: string,
  channel: NotificationChannel,
  to: NotificationDelivery,
  at: string,
): Promise<PreferenceChange | null> {
  const current = await preferenceOf(db, userId, kind, channel);
  if (current.delivery === to) return null;
  const version = current.version + 1;
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, kind, channel, delivery: to, version, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doUpdateSet({ delivery: to, version, updated_at: at }))
    .execute();
  return { kind, channel, from: current.delivery, to };
}
