import type { Db } from './db.ts';

export type Kind =
  | 'category'
  | 'request_template'
  | 'approval_workflow'
  | 'submission_schema'
  | 'request_form'
  | 'sign_template'
  | 'document'
  | 'editor_session'
  | 'preview'
  | 'package'
  | 'approval_request'
  | 'otp_challenge'
  | 'guest_session';

export interface ListQuery {
  /** only rows this app owns */
  appId?: string;
  /** rows this app owns and shared rows (app_id NULL): what a catalog read may show */
  visibleTo?: string;
  status?: string;
  q?: string;
  /** equality on top-level fields of the stored JSON */
  where?: Record<string, string>;
  page: number;
  size: number;
  newestFirst?: boolean;
}

interface Row {
  data: string;
}

const FIELD = /^[a-z_]+$/;

// Every resource is one JSON document in `records`, with the columns lists filter on.
// `status` and `name` mirror the document's own fields so they stay in step by construction.
// `app_id` is the owner: NULL for the shared (seeded) catalog, otherwise the one app that may
// see the row. Routes reach rows through `getOwned`/`getVisible`, never `get`, so another
// app's row is indistinguishable from a missing one (spec section 1).
export class Records {
  private readonly getStmt;
  private readonly ownerStmt;
  private readonly ownedStmt;
  private readonly visibleStmt;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly listCache = new Map<string, { count: ReturnType<Db['prepare']>; rows: ReturnType<Db['prepare']> }>();

  constructor(private readonly db: Db) {
    this.getStmt = db.prepare<[string, string], Row>('SELECT data FROM records WHERE kind = ? AND id = ?');
    this.ownerStmt = db.prepare<[string, string], { app_id: string | null }>(
      'SELECT app_id FROM records WHERE kind = ? AND id = ?',
    );
    this.ownedStmt = db.prepare<[string, string, string], Row>(
      'SELECT data FROM records WHERE kind = ? AND id = ? AND app_id = ?',
    );
    this.visibleStmt = db.prepare<[string, string, string], Row>(
      'SELECT data FROM records WHERE kind = ? AND id = ? AND (app_id IS NULL OR app_id = ?)',
    );
    this.insertStmt = db.prepare('INSERT INTO records (kind, id, app_id, status, name, data) VALUES (?, ?, ?, ?, ?, ?)');
    this.updateStmt = db.prepare('UPDATE records SET status = ?, name = ?, data = ? WHERE kind = ? AND id = ?');
  }

  /** Any app's row: for the control plane, the scheduler and checks that already scoped the id. */
  get<T>(kind: Kind, id: string): T | undefined {
    const row = this.getStmt.get(kind, id);
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  /**
   * Who owns a row: an app id, null for shared catalog, undefined when there is no row. For the
   * control plane, which acts on any app's rows and must give what it makes the same owner.
   */
  ownerOf(kind: Kind, id: string): string | null | undefined {
    const row = this.ownerStmt.get(kind, id);
    return row ? row.app_id : undefined;
  }

  /** The row if `appId` owns it. */
  getOwned<T>(kind: Kind, id: string, appId: string): T | undefined {
    const row = this.ownedStmt.get(kind, id, appId);
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  /** The row if `appId` owns it or it is shared catalog. */
  getVisible<T>(kind: Kind, id: string, appId: string): T | undefined {
    const row = this.visibleStmt.get(kind, id, appId);
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  insert<T extends { id: string }>(kind: Kind, data: T, appId: string | null = null): T {
    const d = data as T & { status?: unknown; name?: unknown };
    this.insertStmt.run(kind, data.id, appId, str(d.status), str(d.name), JSON.stringify(data));
    return data;
  }

  update<T extends { id: string }>(kind: Kind, data: T): T {
    const d = data as T & { status?: unknown; name?: unknown };
    this.updateStmt.run(str(d.status), str(d.name), JSON.stringify(data), kind, data.id);
    return data;
  }

  delete(kind: Kind, id: string): void {
    this.db.prepare('DELETE FROM records WHERE kind = ? AND id = ?').run(kind, id);
  }

  /** Every record of a kind, for scans that are small by nature (catalog, one app's items). */
  all<T>(kind: Kind, appId?: string): T[] {
    const rows =
      appId === undefined
        ? this.db.prepare<[string], Row>('SELECT data FROM records WHERE kind = ? ORDER BY seq').all(kind)
        : this.db
            .prepare<[string, string], Row>('SELECT data FROM records WHERE kind = ? AND app_id = ? ORDER BY seq')
            .all(kind, appId);
    return rows.map((r) => JSON.parse(r.data) as T);
  }

  /** Every row of a kind that `appId` may see: its own and the shared ones. */
  allVisible<T>(kind: Kind, appId: string): T[] {
    return this.db
      .prepare<[string, string], Row>('SELECT data FROM records WHERE kind = ? AND (app_id IS NULL OR app_id = ?) ORDER BY seq')
      .all(kind, appId)
      .map((r) => JSON.parse(r.data) as T);
  }

  list<T>(kind: Kind, query: ListQuery): { data: T[]; total: number } {
    const clauses = ['kind = @kind'];
    const params: Record<string, unknown> = { kind, limit: query.size, offset: (query.page - 1) * query.size };
    if (query.appId !== undefined) {
      clauses.push('app_id = @appId');
      params.appId = query.appId;
    }
    if (query.visibleTo !== undefined) {
      clauses.push('(app_id IS NULL OR app_id = @visibleTo)');
      params.visibleTo = query.visibleTo;
    }
    if (query.status !== undefined) {
      clauses.push('status = @status');
      params.status = query.status;
    }
    if (query.q) {
      clauses.push("(name LIKE @q ESCAPE '\\' OR id LIKE @q ESCAPE '\\')");
      params.q = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    }
    for (const [field, value] of Object.entries(query.where ?? {})) {
      if (!FIELD.test(field)) throw new Error(`bad filter field ${field}`);
      clauses.push(`json_extract(data, '$.${field}') = @w_${field}`);
      params[`w_${field}`] = value;
    }
    const where = clauses.join(' AND ');
    const order = query.newestFirst ? 'seq DESC' : 'seq ASC';
    const cacheKey = `${where}|${order}`;
    let stmts = this.listCache.get(cacheKey);
    if (!stmts) {
      stmts = {
        count: this.db.prepare(`SELECT COUNT(*) AS n FROM records WHERE ${where}`),
        rows: this.db.prepare(`SELECT data FROM records WHERE ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`),
      };
      this.listCache.set(cacheKey, stmts);
    }
    const { limit: _l, offset: _o, ...countParams } = params;
    const total = (stmts.count.get(countParams) as { n: number }).n;
    const rows = stmts.rows.all(params) as Row[];
    return { data: rows.map((r) => JSON.parse(r.data) as T), total };
  }

  tx<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
