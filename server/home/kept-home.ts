import 'server-only';
import { localesFromAcceptLanguage } from '@/lib/format';
import { currentSession } from '../auth/session';
import { keptDocument, offerKeptHome, type HomeDocumentRequest, type KeptHomeAnswer } from '../edge/kept-documents';
import { requestRecord } from '../edge/request-record';
import { logger } from '../logger';
import { visitHome } from './visit-home';

/**
 * What the console's server may answer a plain request for Home's document with (see
 * server/edge/kept-documents.ts): the document rendered for this reader before, or render it and
 * keep it. The session is checked as every page checks it (timeouts, a disabled account, a
 * signed-out session version); the key holds all the page is rendered from: who the reader is,
 * their name, roles and session version, and the locales their browser asks for. No reader, an
 * expired session or an outage renders, and the page says what it says today.
 */
export async function keptHomeFor(req: HomeDocumentRequest): Promise<KeptHomeAnswer> {
  let state: Awaited<ReturnType<typeof currentSession>>;
  try {
    state = await currentSession(false, req);
  } catch {
    return { kind: 'render' };
  }
  if (!state.user) return { kind: 'render' };
  const { id, name, roles, sessionVersion } = state.user;
  const key = JSON.stringify([
    'home',
    id,
    sessionVersion,
    name,
    roles,
    localesFromAcceptLanguage(req.headers.get('accept-language')),
  ]);
  const document = keptDocument(key);
  if (!document) return { kind: 'render', keepAs: key, userId: id };
  // A kept answer is a visit all the same (app/(console)/page.tsx notes it after rendering).
  void visitHome({ userId: id })().catch((err: unknown) => logger().warn({ err }, 'home visit not noted'));
  return { kind: 'kept', document, userId: id };
}

/** Offered to the console's server once Home renders in this process: nothing is kept before. */
export function offerKeptHomeToServer(): void {
  offerKeptHome(keptHomeFor);
}

/**
 * Home rendered for `userId` (its session read, its shell on the way): the one render the
 * console's server may keep, and only for the reader whose key it was given for. A page that
 * met an outage, or a render for someone else (a second cookie of the same name), is not kept.
 */
export function noteHomeRendered(userId: string): void {
  const record = requestRecord();
  if (record) record.homeRenderedFor = userId;
}
