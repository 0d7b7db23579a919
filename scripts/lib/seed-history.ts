import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';

// History for the insights page's benchmarks (issue 39): packages sent from this console and
// approval requests, over a year, across teams, templates and senders, with what the watcher
// would have recorded of them (watched_records, status_history), and for the requests submitted
// from the console their submission and the layers the watcher kept (approval_submissions,
// approval_layer_visits). Written straight into the
// console's tables; every row it makes has an id starting `seed_`, and a new run first removes
// those, so it can be run again. Random but repeatable (a fixed seed): two runs make the same history.
// The insights' package_facts (0032) is not written here: the database's triggers write it from
// these rows, as they do from the console's own sends and the watcher's recordings.

export interface SeedOptions {
  packages: number;
  requests: number;
  /** the end of the year of history */
  now?: Date;
  teams?: number;
  senders?: number;
  /** told how far it got, every so often */
  progress?: (line: string) => void;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const TEMPLATES = [
  ['dst_nda', 'Mutual non-disclosure agreement'],
  ['dst_offer', 'Offer letter'],
  ['dst_lease', 'Office lease'],
  ['dst_msa', 'Master services agreement'],
  ['dst_dpa', 'Data processing agreement'],
  ['dst_sow', 'Statement of work'],
  ['dst_loan', 'Equipment loan'],
  ['dst_consent', 'Photo consent'],
] as const;
const EXPIRY_DAYS = [7, 14, 30] as const;
const WORKFLOWS = [
  ['wf_expense', 'Expense approval'],
  ['wf_leave', 'Leave request'],
  ['wf_purchase', 'Purchase order'],
  ['wf_access', 'System access'],
  ['wf_contract', 'Contract review'],
  ['wf_travel', 'Travel request'],
] as const;

/** mulberry32: a small repeatable generator, so a run's history is the same each time. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function insertAll(db: Kysely<Database>, table: keyof Database, rows: Record<string, unknown>[], chunk: number) {
  for (let i = 0; i < rows.length; i += chunk) {
    // The rows are built per table below, in its columns; the union of every table's insert type is not worth spelling.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}

/** Removes what an earlier run made, then writes the history. */
export async function seedHistory(db: Kysely<Database>, o: SeedOptions) {
  const now = (o.now ?? new Date()).getTime();
  const random = generator(39);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const say = o.progress ?? (() => {});
  const iso = (ms: number) => new Date(ms).toISOString();

  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('status_history').where('id', 'like', 'seed_%').execute();
    await tx.deleteFrom('approval_layer_visits').where('request_id', 'like', 'seed_%').execute();
    await tx.deleteFrom('approval_submissions').where('request_id', 'like', 'seed_%').execute();
    await tx.deleteFrom('watched_records').where('id', 'like', 'seed_%').execute();
    await tx.deleteFrom('send_records').where('id', 'like', 'seed_%').execute();
    await tx.deleteFrom('team_members').where('team_id', 'like', 'seed_%').execute();
    await tx.deleteFrom('teams').where('id', 'like', 'seed_%').execute();
    await tx.deleteFrom('users').where('id', 'like', 'seed_%').execute();
  });

  const teams = Array.from({ length: o.teams ?? 4 }, (_, i) => ({ id: `seed_team_${i + 1}`, name: `Seeded team ${i + 1}` }));
  const senders = Array.from({ length: o.senders ?? 12 }, (_, i) => ({
    id: `seed_user_${i + 1}`,
    team: teams[i % teams.length]!.id,
  }));
  const made = iso(now - 366 * DAY);
  await insertAll(
    db,
    'teams',
    teams.map((t) => ({
      id: t.id,
      name: t.name,
      name_key: t.name.toLowerCase(),
      archived_at: null,
      created_at: made,
      updated_at: made,
    })),
    100,
  );
  await insertAll(
    db,
    'users',
    senders.map((s, i) => ({
      id: s.id,
      email: `seed-sender-${i + 1}@seed.invalid`,
      name: `Seeded sender ${i + 1}`,
      // no password opens this: the hash of nothing a person can type
      password_hash: 'seed-no-sign-in',
      roles: 'sender',
      disabled: 1,
      session_version: 1,
      created_at: made,
      updated_at: made,
    })),
    100,
  );
  await insertAll(
    db,
    'team_members',
    senders.map((s) => ({ team_id: s.team, user_id: s.id, source: 'manual', added_at: made })),
    100,
  );

  const BATCH = 2_000;
  let sends: Record<string, unknown>[] = [];
  let watched: Record<string, unknown>[] = [];
  let history: Record<string, unknown>[] = [];
  let submissions: Record<string, unknown>[] = [];
  let layers: Record<string, unknown>[] = [];
  const flush = async () => {
    await db.transaction().execute(async (tx) => {
      await insertAll(tx, 'send_records', sends, 200);
      await insertAll(tx, 'watched_records', watched, 500);
      await insertAll(tx, 'status_history', history, 500);
      await insertAll(tx, 'approval_submissions', submissions, 300);
      await insertAll(tx, 'approval_layer_visits', layers, 300);
    });
    sends = [];
    watched = [];
    history = [];
    submissions = [];
    layers = [];
  };
  const change = (kind: 'package' | 'approval_request', id: string, from: string | null, to: string, at: number) =>
    history.push({ kind, id, from_status: from, to_status: to, at: iso(at), recorded_at: iso(at + 60_000) });

  for (let i = 0; i < o.packages; i += 1) {
    const id = `seed_pkg_${i}`;
    const sender = pick(senders);
    const [templateId, templateName] = pick(TEMPLATES);
    const days = pick(EXPIRY_DAYS);
    const sentAt = now - Math.floor(random() * 365 * DAY);
    // 2% went out by other means: the watcher saw them, no one sent them from here
    const otherMeans = random() < 0.02;
    if (!otherMeans) {
      sends.push({
        id,
        user_id: sender.id,
        receipt_hash: `seed_receipt_${i}`,
        template_id: templateId,
        template_name: templateName,
        reference: null,
        sender_values: '{}',
        signers: '[]',
        expires_in_days: days,
        previewed_at: iso(sentAt - 60_000),
        search_text: templateName.toLowerCase(),
        package_id: id,
        sent_status: 'queued',
        sent_at: iso(sentAt),
        confirmed_by: sender.id,
        team_id: sender.team,
      });
    }
    // 3% the watcher has not seen yet
    if (!otherMeans && random() < 0.03) continue;
    const roll = random();
    const ends = sentAt + days * DAY;
    let status: string;
    let at: number;
    if (ends > now && roll < 0.35) {
      status = random() < 0.8 ? 'delivered' : 'queued';
      at = sentAt + 60_000;
    } else if (roll < 0.75) {
      status = 'completed';
      // from half an hour to a few days, most within a day
      at = sentAt + Math.floor((0.5 + 40 * random() ** 3) * HOUR);
    } else if (roll < 0.88) {
      status = 'declined';
      at = sentAt + Math.floor((1 + 72 * random()) * HOUR);
    } else {
      status = ends <= now ? 'expired' : 'delivered';
      at = ends <= now ? ends : sentAt + 60_000;
    }
    if (at > now) {
      status = 'delivered';
      at = sentAt + 60_000;
    }
    watched.push({
      kind: 'package',
      id,
      last_status: status,
      last_seen_at: iso(at),
      finished: status === 'delivered' || status === 'queued' ? 0 : 1,
      seen_sweep: null,
      first_seen_at: iso(sentAt),
      updated_at: iso(at),
    });
    change('package', id, null, 'queued', sentAt + 2_000);
    if (status !== 'queued') change('package', id, 'queued', 'delivered', sentAt + 60_000);
    if (status !== 'queued' && status !== 'delivered') change('package', id, 'delivered', status, at);
    if (sends.length >= BATCH || history.length >= 3 * BATCH) {
      await flush();
      if ((i + 1) % 20_000 < BATCH) say(`  ${i + 1} packages`);
    }
  }
  await flush();
  say(`  ${o.packages} packages`);

  for (let i = 0; i < o.requests; i += 1) {
    const id = `seed_req_${i}`;
    const submitted = now - Math.floor(random() * 365 * DAY);
    if (random() < 0.15) change('approval_request', id, null, 'DRAFT', submitted - HOUR);
    change('approval_request', id, random() < 0.15 ? 'DRAFT' : null, 'IN_PROGRESS', submitted);
    let t = submitted;
    let status = 'IN_PROGRESS';
    const rounds = random() < 0.25 ? 1 + Math.floor(random() * 3) : 0;
    for (let r = 0; r < rounds; r += 1) {
      t += Math.floor((2 + 48 * random()) * HOUR);
      change('approval_request', id, 'IN_PROGRESS', 'NEEDS_REVISION', t);
      t += Math.floor((1 + 24 * random()) * HOUR);
      change('approval_request', id, 'NEEDS_REVISION', 'IN_PROGRESS', t);
    }
    const decided = t + Math.floor((1 + 96 * random()) * HOUR);
    if (decided < now && random() < 0.92) {
      status = random() < 0.78 ? 'APPROVED' : 'REJECTED';
      change('approval_request', id, 'IN_PROGRESS', status, decided);
    }
    // 95% submitted from the console (who, for which team and workflow), each layer it went
    // through as the watcher kept it: entered, decided, its SLA deadline.
    if (random() < 0.95) {
      const submitter = pick(senders);
      const [workflowId, workflowName] = pick(WORKFLOWS);
      submissions.push({
        request_id: id,
        user_id: submitter.id,
        team_id: submitter.team,
        workflow_id: workflowId,
        workflow_name: workflowName,
        submitted_at: iso(submitted),
      });
      const end = status === 'IN_PROGRESS' ? Math.min(decided, now) : decided;
      const count = 1 + Math.floor(random() * 3);
      for (let visit = 0; visit < count; visit += 1) {
        const entered = t + ((end - t) * visit) / count;
        const left = t + ((end - t) * (visit + 1)) / count;
        const last = visit === count - 1;
        const open = last && status === 'IN_PROGRESS';
        layers.push({
          request_id: id,
          visit,
          layer: visit + 1,
          name: `Layer ${visit + 1}`,
          entered_at: iso(entered),
          decided_at: open ? null : iso(left),
          decision: open ? null : last && status === 'REJECTED' ? 'REJECTED' : 'APPROVED',
          due_at: iso(entered + 48 * HOUR),
          updated_at: iso(open ? now : left),
        });
      }
    }
    watched.push({
      kind: 'approval_request',
      id,
      last_status: status,
      last_seen_at: iso(Math.min(decided, now)),
      finished: status === 'IN_PROGRESS' ? 0 : 1,
      seen_sweep: null,
      first_seen_at: iso(submitted),
      updated_at: iso(Math.min(decided, now)),
    });
    if (history.length >= 3 * BATCH) await flush();
  }
  await flush();
  say(`  ${o.requests} approval requests`);
  // A year's rows at once, read straight after: on PostgreSQL, what autovacuum does to a year
  // grown a day at a time is done now. Its statistics (a plan made for empty tables read the
  // requests' history for minutes), and its vacuum: each row package_facts' triggers wrote again
  // left a dead one, and until the pages are marked all-visible no index is read alone.
  // SQLite is left as the console leaves it: no statistics, no vacuum.
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`VACUUM ANALYZE`.execute(db);
  return { teams: teams.map((t) => t.id), senders: senders.map((s) => s.id) };
}
