import 'server-only';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, migrate } from '../db/connect';
import type { Database } from '../db/schema';
import { layerVisitsOf } from './layer-visits';
import type { WatcherApi } from './watcher-api';
import { watchOpenRecords } from './watch-open-records';

// The layers a request visited, as the watcher keeps them: read tolerantly from the answer,
// the SLA deadline kept past the decision that makes the API drop it.

type Rec = { id: string; status: string } & Record<string, unknown>;

describe('layerVisitsOf', () => {
  it('reads each visited step, and gives the SLA deadline to the undecided last one of its layer', () => {
    const visits = layerVisitsOf({
      visited_steps: [
        { layer: 1, name: 'Legal', entered_at: '2026-01-01T09:00:00Z', decided_at: '2026-01-01T10:00:00Z', decision: 'APPROVED' },
        { layer: 2, name: 'Finance', entered_at: '2026-01-01T10:00:00Z', decided_at: null, decision: null },
      ],
      sla: { layer: 2, due_at: '2026-01-02T10:00:00Z', breached: false },
    });
    expect(visits).toEqual([
      {
        visit: 0,
        layer: 1,
        name: 'Legal',
        entered_at: '2026-01-01T09:00:00.000Z',
        decided_at: '2026-01-01T10:00:00.000Z',
        decision: 'APPROVED',
        due_at: null,
      },
      {
        visit: 1,
        layer: 2,
        name: 'Finance',
        entered_at: '2026-01-01T10:00:00.000Z',
        decided_at: null,
        decision: null,
        due_at: '2026-01-02T10:00:00.000Z',
      },
    ]);
  });

  it('keeps what it can of a step with missing or odd fields, and says null when no steps are named', () => {
    const visits = layerVisitsOf({ visited_steps: [{ name: 'Legal', entered_at: 'yesterday' }, 'not a step'], sla: null });
    expect(visits).toEqual([
      { visit: 0, layer: null, name: 'Legal', entered_at: null, decided_at: null, decision: null, due_at: null },
      { visit: 1, layer: null, name: null, entered_at: null, decided_at: null, decision: null, due_at: null },
    ]);
    expect(layerVisitsOf({ status: 'IN_PROGRESS' })).toBeNull();
    expect(layerVisitsOf({ visited_steps: 'many' })).toBeNull();
  });

  it('gives no deadline to a decided step, nor to one of another layer than the SLA names', () => {
    const decided = layerVisitsOf({
      visited_steps: [{ layer: 1, entered_at: '2026-01-01T09:00:00Z', decided_at: '2026-01-01T10:00:00Z' }],
      sla: { layer: 1, due_at: '2026-01-02T09:00:00Z' },
    });
    expect(decided?.[0]?.due_at).toBeNull();
    const other = layerVisitsOf({
      visited_steps: [{ layer: 1, entered_at: '2026-01-01T09:00:00Z' }],
      sla: { layer: 2, due_at: '2026-01-02T09:00:00Z' },
    });
    expect(other?.[0]?.due_at).toBeNull();
  });
});

describe('the watcher keeps the visits', () => {
  let dir: string;
  let db: Kysely<Database>;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'signdesk-visits-'));
    db = await connect({ dataDir: dir });
    await migrate(db, false);
  });
  afterEach(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records entered and decided times, and the deadline seen while open, after the API drops it', async () => {
    let record: Rec = {
      id: 'ar_1',
      status: 'IN_PROGRESS',
      submitted_at: '2026-01-01T09:00:00Z',
      visited_steps: [{ layer: 1, name: 'Legal', entered_at: '2026-01-01T09:00:00Z', decided_at: null, decision: null }],
      sla: { layer: 1, due_at: '2026-01-02T09:00:00Z', breached: false },
    };
    const api: WatcherApi = {
      async list(_kind, status, page, size) {
        const all = _kind === 'approval_request' && record.status === status ? [record] : [];
        return { data: all, pagination: { page, size, total: all.length, pages: all.length ? 1 : 0 }, date: null };
      },
      async read(kind, id) {
        return { record: kind === 'approval_request' && id === record.id ? record : null, date: null };
      },
    };
    await watchOpenRecords({ db, api, maxCalls: 20 });
    record = {
      ...record,
      status: 'APPROVED',
      completed_at: '2026-01-01T15:00:00Z',
      visited_steps: [
        { layer: 1, name: 'Legal', entered_at: '2026-01-01T09:00:00Z', decided_at: '2026-01-01T15:00:00Z', decision: 'APPROVED' },
      ],
      sla: null,
    };
    await watchOpenRecords({ db, api, maxCalls: 20 });
    const rows = await db.selectFrom('approval_layer_visits').selectAll().execute();
    expect(rows.map(({ updated_at: _u, ...r }) => r)).toEqual([
      {
        request_id: 'ar_1',
        visit: 0,
        layer: 1,
        name: 'Legal',
        entered_at: '2026-01-01T09:00:00.000Z',
        decided_at: '2026-01-01T15:00:00.000Z',
        decision: 'APPROVED',
        due_at: '2026-01-02T09:00:00.000Z',
        // the six hours it took, kept beside it by the database (0036)
        took_ms: 6 * 3_600_000,
      },
    ]);
  });
});
