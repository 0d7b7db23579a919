import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordAudit } from '../audit';
import { NOTIFICATION_KINDS } from './kinds';
import { digestSettingsOf, preferenceOf, setCell } from './preferences';
import { DEFAULT_DIGEST_HOUR, DEFAULT_TIME_ZONE } from './preference-defaults';
import { parseRoles } from '../users/users';
import { DIGEST_KIND, readUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token';

// What an unsubscribe link does (issue 37), without a session: the token (unsubscribe-token.ts)
// is the whole authority, and it names the version of the preference it was made for, so it
// changes that preference once. Its GET page reads the state and changes nothing; its POST
// (the page's button, or a mail provider's one-click) does it.

export type UnsubscribeState =
  | { state: 'invalid' }
  /** the link is good and has not been used: its button will turn `label` off */
  | { state: 'ready'; label: string; claim: UnsubscribeClaim }
  /** already off (this link used, or turned off otherwise) */
  | { state: 'already'; label: string; claim: UnsubscribeClaim }
  /** the preference was changed since the mail was sent (turned on again): this link is spent */
  | { state: 'changed'; label: string; claim: UnsubscribeClaim };

export const DIGEST_LABEL = 'The daily digest';

const labelOf = (kind: string) => (kind === DIGEST_KIND ? DIGEST_LABEL : (NOTIFICATION_KINDS as Record<string, string>)[kind]);

export async function unsubscribeState(
  db: Kysely<Database>,
  token: string,
  secrets: readonly string[],
): Promise<UnsubscribeState> {
  const claim = readUnsubscribeToken(token, secrets);
  const label = claim && labelOf(claim.kind);
  if (!claim || !label) return { state: 'invalid' };
  const person = await db.selectFrom('users').select('id').where('id', '=', claim.userId).executeTakeFirst();
  if (!person) return { state: 'invalid' };
  if (claim.kind === DIGEST_KIND) {
    const { digest_version } = await digestSettingsOf(db, claim.userId);
    return { state: digest_version === claim.version ? 'ready' : 'already', label, claim };
  }
  const cell = await preferenceOf(db, claim.userId, claim.kind, 'email');
  if (cell.delivery === 'off') return { state: 'already', label, claim };
  return { state: cell.version === claim.version ? 'ready' : 'changed', label, claim };
}

/**
 * Turns off what the token names, when it is still 'ready': one conditional write on the version
 * it names, so two uses at once (the page's button and a provider's one-click) change it once.
 * Answers 'done' for the use that changed it; any other use gets the state as it now stands.
 */
export async function unsubscribe(
  db: Kysely<Database>,
  token: string,
  secrets: readonly string[],
  now: Date,
  clientAddress?: string | null,
): Promise<UnsubscribeState | { state: 'done'; label: string; claim: UnsubscribeClaim }> {
  const current = await unsubscribeState(db, token, secrets);
  if (current.state !== 'ready') return current;
  const { claim, label } = current;
  const at = now.toISOString();
  const changed = await db.transaction().execute(async (tx) => {
    if (claim.kind === DIGEST_KIND) {
      if (!(await bumpDigestVersion(tx, claim.userId, claim.version, at))) return null;
      // Every kind now in the digest goes off by e-mail (those at once stay as they are).
      const off: string[] = [];
      for (const kind of Object.keys(NOTIFICATION_KINDS)) {
        if ((await preferenceOf(tx, claim.userId, kind, 'email')).delivery !== 'digest') continue;
        await setCell(tx, claim.userId, kind, 'email', 'off', at);
        off.push(kind);
      }
      return { kinds: off };
    }
    const moved =
      claim.version === 0
        ? await tx
            .insertInto('notification_preferences')
            .values({ user_id: claim.userId, kind: claim.kind, channel: 'email', delivery: 'off', version: 1, updated_at: at })
            .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doNothing())
            .executeTakeFirst()
            .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0))
        : await tx
            .updateTable('notification_preferences')
            .set({ delivery: 'off', version: claim.version + 1, updated_at: at })
            .where('user_id', '=', claim.userId)
            .where('kind', '=', claim.kind)
            .where('channel', '=', 'email')
            .where('version', '=', claim.version)
            .executeTakeFirst()
            .then((r) => Number(r.numUpdatedRows));
    return moved === 1 ? { kinds: [claim.kind] } : null;
  });
  if (!changed) return unsubscribeState(db, token, secrets);
  const user = await db.selectFrom('users').select(['id', 'email', 'roles']).where('id', '=', claim.userId).executeTakeFirst();
  await recordAudit(db, {
    user: user ? { id: user.id, email: user.email, roles: parseRoles(user.roles) } : null,
    operation: 'notification.unsubscribe',
    targetType: 'notification_kind',
    targetId: claim.kind,
    outcome: 'success',
    status: 200,
    details: { channel: 'email', kinds_turned_off: changed.kinds, by: 'unsubscribe link' },
    clientAddress: clientAddress ?? null,
  });
  return { state: 'done', label, claim };
}

async function bumpDigestVersion(db: Kysely<Database>, userId: string, version: number, at: string) {
  const moved = await db
    .updateTable('notification_settings')
    .set({ digest_version: version + 1, updated_at: at })
    .where('user_id', '=', userId)
    .where('digest_version', '=', version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1) return true;
  if (version !== 0) return false;
  const inserted = await db
    .insertInto('notification_settings')
    .values({
      user_id: userId,
      digest_hour: DEFAULT_DIGEST_HOUR,
      time_zone: DEFAULT_TIME_ZONE,
      digest_version: 1,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
