import 'server-only';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { parseRoles } from '../users/users';
import type { Thresholds } from './deadline-events';
import { inWords, type NotifyEvent } from './events';

// Admins' alerts (issue 37): the API key refused, the Signing API unreachable for some minutes,
// background work failing. Each is an incident with a start, kept in the database (a row of
// notification_cursor named `incident:…`) so every instance and every restart agrees on it:
// an alert is keyed by its incident's start, so it is told once per incident, however many
// calls fail or runs look. An incident ends when a run sees it over; the next is news again.

export interface ConsoleHealth {
  /** the latest probe of the Signing API (server/signing-api/health.ts); null when none was made */
  api: { ok: boolean; refused?: boolean } | null;
  /** queues of the jobs that failed for good lately (server/jobs: after their retries) */
  failedQueues: readonly string[];
}

const MINUTE_MS = 60_000;

/** The start of incident `name` while `active` (kept from its first sighting), or null once it is over. */
async function incident(db: Kysely<Database>, name: string, active: boolean, now: Date): Promise<string | null> {
  const key = `incident:${name}`;
  if (!active) {
    await db.deleteFrom('notification_cursor').where('name', '=', key).execute();
    return null;
  }
  const at = now.toISOString();
  await db
    .insertInto('notification_cursor')
    .values({ name: key, position: at, updated_at: at })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('notification_cursor').select('position').where('name', '=', key).executeTakeFirstOrThrow();
  return row.position;
}

async function admins(db: Kysely<Database>): Promise<string[]> {
  const users = await db.selectFrom('users').select(['id', 'roles']).where('disabled', '=', 0).execute();
  return users.filter((u) => parseRoles(u.roles).includes('admin')).map((u) => u.id);
}

export async function adminEvents(db: Kysely<Database>, health: ConsoleHealth, now: Date, t: Thresholds): Promise<NotifyEvent[]> {
  const alerts: Omit<NotifyEvent, 'user_id'>[] = [];
  const alert = (kind: NotifyEvent['kind'], subject: string, name: string, since: string, place: string) =>
    alerts.push({
      kind,
      subject_type: 'console',
      subject_id: subject,
      name,
      when: inWords(since),
      place,
      event_key: `${kind}:${since}`,
    });

  if (health.api) {
    const refused = await incident(db, 'api-key-refused', health.api.refused === true, now);
    const down = await incident(db, 'api-unreachable', !health.api.ok && health.api.refused !== true, now);
    if (refused) alert('admin.api_key_refused', 'signing-api', "the console's API key", refused, '/admin');
    if (down && now.getTime() - Date.parse(down) >= t.apiDownMinutes * MINUTE_MS)
      alert('admin.api_unreachable', 'signing-api', 'The Signing API', down, '/admin');
  }
  const failing = await incident(db, 'jobs-failing', health.failedQueues.length > 0, now);
  if (failing) {
    const queues = [...new Set(health.failedQueues)].sort().join(', ');
    alert('admin.jobs_failing', 'background-work', `Jobs of ${queues}`, failing, '/admin/jobs');
  }
  if (alerts.length === 0) return [];
  const people = await admins(db);
  return people.flatMap((user_id) => alerts.map((a) => ({ ...a, user_id })));
}
