import { randomBytes } from 'node:crypto';
import { hashSecret } from '../keys.ts';
import { ApiError } from '../http/errors.ts';
import type { Services } from '../services.ts';

export const EDITOR_SESSION_TTL_MS = 60 * 60 * 1000;

/** Stored under the hash of the session id: the id itself exists only in the creation answer. */
export interface EditorSessionRecord {
  id: string; // sha256 of the session id
  app_id: string;
  document_id: string;
  purpose: string | null;
  created_at: string;
  expires_at: string;
  expires_at_ms: number;
  completed: boolean;
}

export function newSessionId(): string {
  return `hes_${randomBytes(32).toString('base64url')}`;
}

// Unknown, malformed and expired session ids are indistinguishable to the caller: all 401.
export function resolveEditorSession(services: Services, sessionId: string | undefined): EditorSessionRecord {
  const invalid = new ApiError(
    401,
    'EDITOR_SESSION_INVALID',
    'The editor session is invalid or has expired. Open a new session.',
  );
  if (!sessionId || !/^hes_[A-Za-z0-9_-]{43}$/.test(sessionId)) throw invalid;
  const session = services.records.get<EditorSessionRecord>('editor_session', hashSecret(sessionId));
  if (!session) throw invalid;
  if (services.clock.now() >= session.expires_at_ms) {
    throw new ApiError(
      401,
      'EDITOR_SESSION_EXPIRED',
      'The editor session has expired (sessions last one hour). Open a new session.',
    );
  }
  return session;
}
