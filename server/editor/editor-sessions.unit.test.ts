import 'server-only';
import { describe, expect, it, vi } from 'vitest';
import { parseEnv, type Env } from '../env';

// The editor session id is sealed in the database with the session passwords: a rotation
// must keep it readable, and removing the password that sealed it must not.
const A = 'session-password-A-0123456789-abcdefghijkl';
const B = 'session-password-B-0123456789-abcdefghijkl';
const SID = 'Q7xZ-opaque-editor-session-2f9c';

let current: Env;
const configure = (SESSION_PASSWORD: string) => {
  current = parseEnv({ SIGNING_API_BASE_URL: 'http://127.0.0.1:1', SIGNING_API_KEY: 'editor-unit-test-key', SESSION_PASSWORD });
};
vi.mock('../env', async (original) => ({ ...(await original<typeof import('../env')>()), env: () => current }));
vi.mock('../signing-api/hosted-editor', () => ({
  createEditorSession: async () => ({ session_id: SID, expires_at: new Date(Date.now() + 3_600_000).toISOString() }),
}));

// The editor_sessions table, as far as these two functions use it.
type Row = Record<string, string>;
const rows = new Map<string, Row>();
const table = {
  deleteFrom: () => ({ where: (_c: string, _o: string, id: string) => ({ execute: async () => rows.delete(id) }) }),
  insertInto: () => ({ values: (row: Row) => ({ execute: async () => rows.set(row.document_id!, row) }) }),
  selectFrom: () => ({
    selectAll: () => ({ where: (_c: string, _o: string, id: string) => ({ executeTakeFirst: async () => rows.get(id) }) }),
  }),
};
vi.mock('../db', () => ({
  db: async () => ({
    ...table,
    transaction: () => ({ execute: async (run: (tx: typeof table) => Promise<void>) => run(table) }),
  }),
}));

describe('editor session seals', () => {
  it('open under a rotated list, not once their password is gone', async () => {
    const { currentEditorSession, openEditorSession } = await import('./editor-sessions');
    configure(A);
    await openEditorSession('doc_1', 'usr_1', undefined);
    expect(rows.get('doc_1')!.sealed_session).not.toContain(SID);
    for (const list of [A, `${B},${A}`, `${A},${B}`]) {
      configure(list);
      expect(await currentEditorSession('doc_1'), list).toBe(SID);
    }
    configure(B);
    expect(await currentEditorSession('doc_1')).toBeNull();
  });
});
