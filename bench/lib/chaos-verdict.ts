import type { WriteRecord } from './chaos-browser.ts';

// The verdict, read from the sandbox directly with the API key once every write has settled:
// - duplicate: one intent left more than one record (two categories of one name, two
//   documents of one file name, two requests of one external_id, two packages of one value);
// - lost: the browser saw a 2xx, but the record or change it announced is not there;
// - failed: the intent never got a definite success under the browser's retry policy.

export interface KindFigures {
  writes: number;
  acknowledged: number;
  duplicates: number;
  lost: number;
  failed: number;
  attempts: number;
  intent_state_mismatches: number;
}

export interface Verdict {
  byKind: Record<string, KindFigures>;
  totals: KindFigures;
  /** one line per problem found, for the report */
  problems: string[];
}

type Row = Record<string, unknown> & { id: string };

export function sandboxReader(sandboxUrl: string, apiKey: string) {
  const headers = { authorization: `Bearer ${apiKey}`, 'x-service-environment': 'sandbox', accept: 'application/json' };
  const get = async (path: string): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${sandboxUrl}/api/v1${path}`, { headers });
    return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
  };
  const list = async (segment: string, filter = ''): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const { status, body } = await get(`/${segment}?size=100&page=${page}${filter}`);
      if (status !== 200) throw new Error(`GET /${segment} answered ${status}`);
      const { data, pagination } = body as { data: Row[]; pagination: { pages: number } };
      rows.push(...data);
      if (page >= pagination.pages) return rows;
    }
  };
  const one = async (path: string): Promise<Row | null> => {
    const { status, body } = await get(path);
    if (status === 404) return null;
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    return body as Row;
  };
  return { list, one };
}

const countBy = (rows: Row[], key: (r: Row) => unknown) => {
  const counts = new Map<string, string[]>();
  for (const r of rows) {
    const k = key(r);
    if (typeof k === 'string') counts.set(k, [...(counts.get(k) ?? []), r.id]);
  }
  return counts;
};

const empty = (): KindFigures => ({
  writes: 0,
  acknowledged: 0,
  duplicates: 0,
  lost: 0,
  failed: 0,
  attempts: 0,
  intent_state_mismatches: 0,
});

export async function judge(records: WriteRecord[], read: ReturnType<typeof sandboxReader>): Promise<Verdict> {
  // Archived packages leave the default list (archived=only lists them): both are read.
  const [categories, documents, requests, active, archived] = await Promise.all([
    read.list('categories'),
    read.list('documents'),
    read.list('approval-requests'),
    read.list('signature-packages'),
    read.list('signature-packages', '&archived=only'),
  ]);
  const packages = [...active, ...archived];
  const byName = countBy(categories, (r) => r.name);
  const byFile = countBy(documents, (r) => r.name);
  const byExternal = countBy(requests, (r) => r.external_id);
  const byValue = countBy(packages, (r) => (r.sender_values as Record<string, unknown> | undefined)?.counterparty_name);
  const deleted = new Set(records.filter((r) => r.kind === 'document.delete' && r.acknowledged).map((r) => r.target));

  const byKind: Record<string, KindFigures> = {};
  const problems: string[] = [];
  for (const w of records) {
    const f = (byKind[w.kind] ??= empty());
    f.writes += 1;
    f.attempts += w.attempts;
    f.intent_state_mismatches += w.stateMismatches;
    if (w.acknowledged) f.acknowledged += 1;
    else {
      f.failed += 1;
      problems.push(
        `failed ${w.kind} ${w.marker}: ${w.outcome} after ${w.attempts} attempts, last ${w.lastStatus} ${w.lastCode ?? ''} (key ${w.key})`,
      );
    }
    const found = await effect(w, read, { byName, byFile, byExternal, byValue, deleted });
    if (found.count > 1) {
      f.duplicates += found.count - 1;
      problems.push(`duplicate ${w.kind} ${w.marker}: ${found.count} records (${found.ids.join(', ')}) for key ${w.key}`);
    }
    if (w.acknowledged && !found.present) {
      f.lost += 1;
      problems.push(`lost ${w.kind} ${w.marker}: acknowledged (id ${w.resultId ?? '-'}) but ${found.why} (key ${w.key})`);
    }
  }
  const totals = empty();
  for (const f of Object.values(byKind)) for (const k of Object.keys(totals) as (keyof KindFigures)[]) totals[k] += f[k];
  return { byKind, totals, problems };
}

interface Indexes {
  byName: Map<string, string[]>;
  byFile: Map<string, string[]>;
  byExternal: Map<string, string[]>;
  byValue: Map<string, string[]>;
  /** documents whose deletion was acknowledged: their upload is expected to be gone */
  deleted: Set<string | null>;
}

/** How many records the write left, and whether the change its 2xx announced is there. */
async function effect(
  w: WriteRecord,
  read: ReturnType<typeof sandboxReader>,
  ix: Indexes,
): Promise<{ count: number; ids: string[]; present: boolean; why: string }> {
  const created = (index: Map<string, string[]>) => {
    const ids = index.get(w.marker) ?? [];
    const present = ids.length > 0 && (w.resultId === null || ids.includes(w.resultId));
    return {
      count: ids.length,
      ids,
      present,
      why: ids.length ? `the sandbox holds ${ids.join(', ')} instead` : 'no record carries its marker',
    };
  };
  const changed = async (path: string, ok: (r: Row) => boolean, what: string) => {
    const r = await read.one(path);
    return { count: 0, ids: [], present: r !== null && ok(r), why: r ? `${what} is not there` : 'the record is gone' };
  };
  switch (w.kind) {
    case 'category.create':
      return created(ix.byName);
    case 'document.upload': {
      if (w.resultId && ix.deleted.has(w.resultId)) {
        const ids = [w.resultId, ...(ix.byFile.get(w.marker) ?? []).filter((id) => id !== w.resultId)];
        return { count: ids.length, ids, present: true, why: '' };
      }
      return created(ix.byFile);
    }
    case 'approval_request.submit':
      return created(ix.byExternal);
    case 'package.send':
      return created(ix.byValue);
    case 'category.archive':
      return changed(`/categories/${w.target}`, (r) => r.status === 'archived', 'the archived status');
    case 'workflow.archive':
      return changed(`/approval-workflows/${w.target}`, (r) => r.status === 'archived', 'the archived status');
    case 'request_form.archive':
      return changed(`/request-forms/${w.target}`, (r) => r.status === 'archived', 'the archived status');
    case 'package.archive':
      return changed(`/signature-packages/${w.target}`, (r) => r.archived === true, 'the archived flag');
    case 'document.delete': {
      const r = await read.one(`/documents/${w.target}`);
      return { count: 0, ids: [], present: r === null, why: 'the document is still there' };
    }
    case 'editor.save_layout': {
      // Each applied save moves layout_version by one from the version it quoted.
      const r = await read.one(`/documents/${w.target}`);
      const present = ((r?.layout as { fields?: { id: string }[] } | undefined)?.fields ?? []).some((f) => f.id === w.marker);
      const count = typeof r?.layout_version === 'number' ? r.layout_version - (w.base ?? 0) : 0;
      return {
        count,
        ids: [`${w.target}@${String(r?.layout_version)}`],
        present,
        why: r ? 'the saved field is not there' : 'the document is gone',
      };
    }
    case 'approval_request.revision_draft':
      return w.evidence
        ? { ...w.evidence, ids: [w.target ?? ''] }
        : { count: 0, ids: [], present: false, why: 'not read after the answer' };
    case 'approval_request.resubmit': {
      // request_revision counts resubmissions: one intent, one increment.
      const r = await read.one(`/approval-requests/${w.target}`);
      const present = (r?.form_data as { justification?: string } | undefined)?.justification === w.marker;
      const count = typeof r?.request_revision === 'number' ? r.request_revision - (w.base ?? 0) : 0;
      return {
        count,
        ids: [`${w.target} (request_revision ${String(r?.request_revision)})`],
        present,
        why: r ? 'the resubmitted justification is not there' : 'the request is gone',
      };
    }
    default:
      return { count: 0, ids: [], present: true, why: '' };
  }
}
