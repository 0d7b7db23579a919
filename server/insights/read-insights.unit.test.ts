import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely, KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_FIGURES } from '@/lib/insights/params';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { EVERYTHING, withScope } from '../teams/scope';
import { insightsCsv } from './insights-csv';
import { readInsights } from './read-insights';

// The CSV export of one chart reads that chart's figures alone (issue 39): each read's tables
// are recorded by a plugin on the connection, and an export's CSV is the whole page's for it.

let dir: string;
let db: Kysely<Database>;
const admin = { id: 'usr_admin', roles: ['admin' as const] };
const query = { period: 'custom' as const, from: '2026-11-01', to: '2026-11-07', tz: 'Europe/Berlin' };
const now = new Date('2026-11-08T12:00:00Z');

/** The tables each query of the connection it is plugged into reads, one list per query. */
function recorder() {
  const reads: string[][] = [];
  const tablesOf = (node: unknown, found: Set<string>) => {
    if (!node || typeof node !== 'object') return found;
    const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
    // a column's reference names its table's alias, not a table read
    if (n.kind === 'ReferenceNode') return found;
    if (n.kind === 'TableNode' && n.table?.identifier?.name) found.add(n.table.identifier.name);
    for (const value of Object.values(node)) tablesOf(value, found);
    return found;
  };
  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      reads.push([...tablesOf(node, new Set())]);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, tables: () => new Set(reads.flat()), count: () => reads.length };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'read-insights-'));
  db = await connect({ dataDir: dir });
  await migrate(db, false);
  await db
    .insertInto('send_records')
    .values({
      id: 'sr_1',
      user_id: 'usr_ann',
      receipt_hash: 'h1',
      template_id: 'dst_nda',
      template_name: 'NDA',
      sender_values: '{}',
      signers: '[]',
      expires_in_days: 14,
      previewed_at: '2026-11-02T08:00:00.000Z',
      search_text: '',
      package_id: 'p1',
      sent_at: '2026-11-02T08:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('status_history')
    .values([
      {
        kind: 'package',
        id: 'p1',
        from_status: null,
        to_status: 'completed',
        at: '2026-11-02T18:00:00.000Z',
        recorded_at: '2026-11-02T18:00:00.000Z',
      },
      {
        kind: 'approval_request',
        id: 'r1',
        from_status: null,
        to_status: 'IN_PROGRESS',
        at: '2026-11-03T09:00:00.000Z',
        recorded_at: '2026-11-03T09:00:00.000Z',
      },
    ])
    .execute();
});
afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('one figure of the insights', () => {
  it('reads what that figure needs and nothing else', async () => {
    const whole = recorder();
    await withScope(EVERYTHING, () => readInsights({ query, user: admin, now, db: db.withPlugin(whole.plugin) }));
    const sent = recorder();
    await withScope(EVERYTHING, () =>
      readInsights({ query, user: admin, now, db: db.withPlugin(sent.plugin), figure: 'packages-sent' }),
    );
    expect([...sent.tables()]).toEqual(['package_facts']);
    expect(sent.count()).toBeLessThan(whole.count());
    expect(whole.tables()).toContain('status_history');
    const requests = recorder();
    await withScope(EVERYTHING, () =>
      readInsights({ query, user: admin, now, db: db.withPlugin(requests.plugin), figure: 'requests-submitted' }),
    );
    expect(requests.tables()).not.toContain('package_facts');
  });

  it("makes each figure's CSV as the whole page's figures make it", async () => {
    const whole = await withScope(EVERYTHING, () => readInsights({ query, user: admin, now, db }));
    for (const figure of INSIGHTS_FIGURES) {
      const one = await withScope(EVERYTHING, () => readInsights({ query, user: admin, now, db, figure }));
      expect(insightsCsv(figure, one)).toBe(insightsCsv(figure, whole));
    }
  });
});
