import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { EVERYTHING, type TeamScope } from '../teams/scope';
import { approvalFigures } from './approval-figures';
import { expiringSoon } from './expiring-soon';
import { packageDurations } from './package-durations';
import { packageOutcomes } from './package-outcomes';
import { packagesSent } from './packages-sent';
import { packageTallies } from './package-tallies';
import { periodOf } from './period';
import type { FigureSource, InsightsFilters } from './sends';
import { templateLosses } from './template-losses';
import { unseen } from './unseen';

// Each figure over a hand-made history in a database made by the migrations: the counts and
// times below are worked out by hand from the rows inserted here.

let dir: string;
let db: Kysely<Database>;
const H = 3_600_000;
let n = 0;

async function sent(o: {
  pkg: string;
  at: string;
  team?: string | null;
  template?: string;
  user?: string;
  days?: number;
  status?: string | null;
  history?: [string | null, string, string][];
}) {
  n += 1;
  await db
    .insertInto('send_records')
    .values({
      id: `sr_${n}`,
      user_id: o.user ?? 'usr_ann',
      receipt_hash: `h${n}`,
      template_id: o.template ?? 'dst_nda',
      template_name: o.template === 'dst_lease' ? 'Lease' : 'NDA',
      sender_values: '{}',
      signers: '[]',
      expires_in_days: o.days ?? 14,
      previewed_at: o.at,
      search_text: '',
      package_id: o.pkg,
      sent_at: o.at,
      team_id: o.team === undefined ? 'team_a' : o.team,
    })
    .execute();
  if (o.status !== undefined) {
    await db
      .insertInto('watched_records')
      .values({
        kind: 'package',
        id: o.pkg,
        last_status: o.status,
        last_seen_at: o.at,
        finished: 0,
        first_seen_at: o.at,
        updated_at: o.at,
      })
      .execute();
  }
  for (const [from, to, at] of o.history ?? []) await change('package', o.pkg, from, to, at);
}

async function change(
  kind: 'package' | 'approval_request',
  id: string,
  from: string | null,
  to: string,
  at: string,
  recorded = at,
) {
  await db
    .insertInto('status_history')
    .values({ kind, id, from_status: from, to_status: to, at, recorded_at: recorded })
    .execute();
}

const source = (filters: InsightsFilters = {}, scope: TeamScope = EVERYTHING): FigureSource => ({ db, scope, filters });
// 1..7 November 2026 in Berlin (UTC+1): from 31 Oct 23:00 UTC to 7 Nov 23:00 UTC.
const week = periodOf({ period: 'custom', from: '2026-11-01', to: '2026-11-07', tz: 'Europe/Berlin' }, new Date());

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'insights-unit-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
  // 31 Oct 23:30 UTC is 1 Nov 00:30 in Berlin: in the period, on its first day.
  await sent({
    pkg: 'p1',
    at: '2026-10-31T23:30:00.000Z',
    status: 'completed',
    history: [
      [null, 'queued', '2026-10-31T23:30:05.000Z'],
      ['queued', 'completed', '2026-11-01T01:30:05.000Z'],
    ],
  });
  // completed in 10 h; no queued seen, so from the console's send time
  await sent({
    pkg: 'p2',
    at: '2026-11-02T08:00:00.000Z',
    status: 'completed',
    history: [[null, 'completed', '2026-11-02T18:00:00.000Z']],
  });
  await sent({
    pkg: 'p3',
    at: '2026-11-02T09:00:00.000Z',
    template: 'dst_lease',
    status: 'declined',
    history: [[null, 'declined', '2026-11-03T09:00:00.000Z']],
  });
  await sent({ pkg: 'p4', at: '2026-11-03T09:00:00.000Z', template: 'dst_lease', status: 'expired' });
  await sent({ pkg: 'p5', at: '2026-11-03T10:00:00.000Z', status: 'delivered', user: 'usr_bob' });
  await sent({ pkg: 'p6', at: '2026-11-04T10:00:00.000Z', status: null });
  // another team's package, and one from before the period (31 Oct 22:30 UTC is 23:30 in Berlin)
  await sent({
    pkg: 'p7',
    at: '2026-11-04T11:00:00.000Z',
    team: 'team_b',
    status: 'completed',
    history: [[null, 'completed', '2026-11-04T12:00:00.000Z']],
  });
  await sent({ pkg: 'p0', at: '2026-10-31T22:30:00.000Z', status: 'completed' });
  // a package no one sent from this console, first seen in the period
  await change('package', 'p_other', null, 'delivered', '2026-11-05T10:00:00.000Z');
});
afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('packages sent', () => {
  it('counts per local day, the first hour of 1 November in Berlin on 1 November', async () => {
    const days = await packagesSent(source(), week);
    expect(days.map((d) => d.count)).toEqual([1, 2, 2, 2, 0, 0, 0]);
    expect(days[0]).toEqual({ from: '2026-11-01', to: '2026-11-01', count: 1 });
  });

  it("counts only the reader's teams, and what the filters select", async () => {
    const teamA = await packagesSent(source({}, { kind: 'teams', teamIds: ['team_a'] }), week);
    expect(teamA.reduce((s, d) => s + d.count, 0)).toBe(6);
    const none = await packagesSent(source({}, { kind: 'teams', teamIds: [] }), week);
    expect(none.reduce((s, d) => s + d.count, 0)).toBe(0);
    const lease = await packagesSent(source({ template: 'dst_lease' }), week);
    expect(lease.map((d) => d.count)).toEqual([0, 1, 1, 0, 0, 0, 0]);
    const bob = await packagesSent(source({ sender: 'usr_bob' }), week);
    expect(bob.reduce((s, d) => s + d.count, 0)).toBe(1);
  });

  it('is every day at 0 for an empty period', async () => {
    const empty = periodOf({ period: 'custom', from: '2025-01-01', to: '2025-01-03', tz: 'UTC' }, new Date());
    expect(await packagesSent(source(), empty)).toEqual([
      { from: '2025-01-01', to: '2025-01-01', count: 0 },
      { from: '2025-01-02', to: '2025-01-02', count: 0 },
      { from: '2025-01-03', to: '2025-01-03', count: 0 },
    ]);
  });
});

describe('outcome mix', () => {
  it('is where each package sent in the period stands, the unseen ones apart', async () => {
    const mix = Object.fromEntries(
      packageOutcomes(await packageTallies(source({ team: 'team_a' }), week)).map((o) => [o.outcome, o.count]),
    );
    expect(mix).toEqual({ completed: 2, declined: 1, expired: 1, delivered: 1, queued: 0, other: 0, not_seen: 1 });
  });
});

describe('time to complete', () => {
  it("is the median and 90th percentile of queued (else sent) to completed, at the API's times", async () => {
    // p1: 2 h (queued 23:30:05 → 01:30:05), p2: 10 h (sent 08:00 → 18:00), p7: 1 h (team b)
    const all = await packageDurations(source(), week);
    expect([all.to_complete.count, all.to_complete.median_ms]).toEqual([3, 2 * H]);
    expect(all.to_complete.p90_ms! / H).toBeCloseTo(8.4, 9);
    const teamA = await packageDurations(source({}, { kind: 'teams', teamIds: ['team_a'] }), week);
    expect([teamA.to_complete.count, teamA.to_complete.median_ms]).toEqual([2, 6 * H]);
    expect(teamA.to_complete.p90_ms! / H).toBeCloseTo(9.2, 9);
    expect(all.to_first_signature).toBeNull();
  });

  it('has no median in an empty period', async () => {
    const empty = periodOf({ period: 'custom', from: '2025-01-01', to: '2025-01-03', tz: 'UTC' }, new Date());
    expect((await packageDurations(source(), empty)).to_complete).toEqual({ count: 0, median_ms: null, p90_ms: null });
  });
});

describe('declines and expiries by template', () => {
  it("counts each template's sends and losses, the most lost first", async () => {
    expect(templateLosses(await packageTallies(source({ team: 'team_a' }), week))).toEqual([
      { template_id: 'dst_lease', template_name: 'Lease', sent: 2, declined: 1, expired: 1 },
      { template_id: 'dst_nda', template_name: 'NDA', sent: 4, declined: 0, expired: 0 },
    ]);
  });
});

describe('expiring soon', () => {
  it('lists the open packages whose days run out in the coming 7 days, per day', async () => {
    // p5 (delivered, 14 days from 3 Nov 10:00) ends 17 Nov 10:00; p6 (not seen, 4 Nov 10:00) ends 18 Nov 10:00.
    // p1 (completed) is not open. Seen from 12 Nov 12:00 UTC: day 6 and day 7 of the window.
    const soon = await expiringSoon(source(), 'UTC', new Date('2026-11-12T12:00:00Z'));
    expect(soon.days.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 1, 1]);
    expect(soon.packages.map((p) => [p.package_id, p.expires_at])).toEqual([
      ['p5', '2026-11-17T10:00:00.000Z'],
      ['p6', '2026-11-18T10:00:00.000Z'],
    ]);
    // a day earlier, p6 is outside the window; a week later both have run out
    expect((await expiringSoon(source(), 'UTC', new Date('2026-11-11T12:00:00Z'))).total).toBe(1);
    expect((await expiringSoon(source(), 'UTC', new Date('2026-11-19T12:00:00Z'))).total).toBe(0);
  });
});

describe('what the console did not see', () => {
  it('counts the unseen, the sent-before-the-watcher and the packages sent by other means apart', async () => {
    const seen = async (s: FigureSource) => unseen(s, week, await packageTallies(s, week));
    const all = await seen(source());
    // the watcher's first record is p1's queued, at 31 Oct 23:30:05: p1 itself was sent 5 s before it
    expect(all).toEqual({ watcher_since: '2026-10-31T23:30:05.000Z', sent_before_watcher: 1, not_seen: 1, other_means: 1 });
    // through teams (or filtered) packages of no team are not the reader's to count
    const teamA = await seen(source({}, { kind: 'teams', teamIds: ['team_a'] }));
    expect(teamA.other_means).toBeNull();
    expect((await seen(source({ template: 'dst_nda' }))).other_means).toBeNull();
  });
});

describe('approval requests', () => {
  beforeAll(async () => {
    // r1: submitted 2 Nov 09:00, sent back once, approved 4 Nov 09:00 (48 h)
    await change('approval_request', 'r1', null, 'IN_PROGRESS', '2026-11-02T09:00:00.000Z');
    await change('approval_request', 'r1', 'IN_PROGRESS', 'NEEDS_REVISION', '2026-11-03T09:00:00.000Z');
    await change('approval_request', 'r1', 'NEEDS_REVISION', 'IN_PROGRESS', '2026-11-03T12:00:00.000Z');
    await change('approval_request', 'r1', 'IN_PROGRESS', 'APPROVED', '2026-11-04T09:00:00.000Z');
    // r2: a draft submitted 3 Nov 10:00, rejected 6 h later
    await change('approval_request', 'r2', null, 'DRAFT', '2026-11-01T10:00:00.000Z');
    await change('approval_request', 'r2', 'DRAFT', 'IN_PROGRESS', '2026-11-03T10:00:00.000Z');
    await change('approval_request', 'r2', 'IN_PROGRESS', 'REJECTED', '2026-11-03T16:00:00.000Z');
    // r3: still open; r4: submitted before the period
    await change('approval_request', 'r3', null, 'IN_PROGRESS', '2026-11-06T10:00:00.000Z');
    await change('approval_request', 'r4', null, 'IN_PROGRESS', '2026-10-20T10:00:00.000Z');
    await change('approval_request', 'r4', 'IN_PROGRESS', 'APPROVED', '2026-11-02T10:00:00.000Z');
    // r5: first seen already decided (the watcher began after its submission)
    await change('approval_request', 'r5', null, 'APPROVED', '2026-11-05T10:00:00.000Z');
  });

  it('counts submissions per week, decisions, time to decision and revision rounds', async () => {
    const a = await approvalFigures(source(), week);
    // 1 Nov (a Sunday) is its own week; 2..7 Nov the next
    expect(a.submitted_per_week).toEqual([
      { from: '2026-11-01', to: '2026-11-01', count: 0 },
      { from: '2026-11-02', to: '2026-11-07', count: 3 },
    ]);
    expect(a.decisions).toEqual([
      { decision: 'APPROVED', count: 1 },
      { decision: 'REJECTED', count: 1 },
      { decision: 'other', count: 0 },
      { decision: 'open', count: 1 },
    ]);
    // r1 took 48 h, r2 6 h: median 27 h, p90 6 + 0.9 × 42 = 43.8 h
    expect([a.time_to_decision.count, a.time_to_decision.median_ms]).toEqual([2, 27 * H]);
    expect(a.time_to_decision.p90_ms! / H).toBeCloseTo(43.8, 9);
    expect(a.revision_rounds).toEqual([
      { rounds: '0', count: 2 },
      { rounds: '1', count: 1 },
      { rounds: '2', count: 0 },
      { rounds: '3+', count: 0 },
    ]);
    expect(a.first_seen_later).toBe(0);
  });
});
