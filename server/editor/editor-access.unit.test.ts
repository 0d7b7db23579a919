import 'server-only';
import { describe, expect, it, vi } from 'vitest';
import { SigningApiError } from '../signing-api/client/errors';

// An upstream error met while using an editor session may quote the session id; it is gone
// before the error travels on (to the browser through fromUpstream, to the log).
const SID = 'Q7xZ-opaque-editor-session-2f9c';

vi.mock('./editor-sessions', () => ({
  currentEditorSession: async () => SID,
  openEditorSession: async () => ({ sessionId: SID, expiresAt: '2030-01-01T00:00:00Z' }),
}));

describe('editor access', () => {
  it('removes the session id from upstream errors, keeping status, code and request id', async () => {
    const { withEditorSession, withViewingSession } = await import('./editor-access');
    const failing = async () => {
      throw new SigningApiError(
        409,
        'VERSION_CONFLICT',
        `Session ${SID} is at version 2`,
        [{ path: 'expectedVersion', message: `for ${SID}`, session: SID }],
        1000,
        'req_9',
      );
    };
    for (const use of [
      withEditorSession,
      (id: string, run: (sid: string) => Promise<never>) => withViewingSession(id, 'usr_1', run),
    ]) {
      const err = await use('doc_1', failing).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SigningApiError);
      const e = err as SigningApiError;
      expect([e.status, e.code, e.retryAfterMs, e.requestId]).toEqual([409, 'VERSION_CONFLICT', 1000, 'req_9']);
      expect(e.message).toBe('Session [redacted] is at version 2');
      expect(JSON.stringify({ message: e.message, stack: e.stack, details: e.details })).not.toContain(SID);
    }
  });

  it('reads any refusal of the session credential (401, 404, 410) as the session having ended, whatever the code', async () => {
    const { withEditorSession, withViewingSession } = await import('./editor-access');
    for (const [status, code] of [
      [401, 'UPSTREAM_ERROR'],
      [404, 'SESSION_UNKNOWN'],
      [410, 'GONE'],
      [401, 'EDITOR_SESSION_EXPIRED'],
    ] as const) {
      const err = await withEditorSession('doc_1', async () => Promise.reject(new SigningApiError(status, code, 'no'))).catch((e: unknown) => e);
      expect(err).toMatchObject({ status, code: 'EDITOR_SESSION_EXPIRED' });
    }
    // Viewing opens a fresh session instead, and tries once more with it.
    let calls = 0;
    const viewed = await withViewingSession('doc_1', 'usr_1', async () => {
      if (++calls === 1) throw new SigningApiError(401, 'UPSTREAM_ERROR', 'no');
      return 'pdf';
    });
    expect([viewed, calls]).toEqual(['pdf', 2]);
  });

  it('passes other errors and results through', async () => {
    const { withEditorSession } = await import('./editor-access');
    expect(await withEditorSession('doc_1', async (sid) => sid.length)).toBe(SID.length);
    const plain = new Error('other');
    await expect(withEditorSession('doc_1', async () => Promise.reject(plain))).rejects.toBe(plain);
  });
});
