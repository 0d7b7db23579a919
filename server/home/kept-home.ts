import 'server-only';
import { after, NextResponse, type NextRequest } from 'next/server';
import { localesFromAcceptLanguage } from '@/lib/format';
import { currentSession } from '../auth/session';
import { keptDocument, withNonce } from '../edge/kept-documents';
import { requestRecord } from '../edge/request-record';
import { visitHome } from './visit-home';

/**
 * Home's document for a signed-in reader, from what was rendered for them before (see
 * server/edge/kept-documents.ts), with this answer's nonce; null lets Next render the page.
 * The session is checked as every page checks it (timeouts, a disabled account, a signed-out
 * session version), and the key holds all the page is rendered from: who the reader is, their
 * name, roles and session version, and the locales their browser asks for. Anything else
 * (expired session, outage, no console server around Next) renders, as before.
 */
export async function keptHome(req: NextRequest, nonce: string): Promise<NextResponse | null> {
  // The console's server marks a plain request for Home's document (server/edge/document-capture.ts);
  // without it (a client navigation, a query, `next start` alone) the page renders.
  const record = requestRecord();
  if (!record?.homeDocument || process.env.NODE_ENV === 'development') return null;
  let state: Awaited<ReturnType<typeof currentSession>>;
  try {
    state = await currentSession(false, req);
  } catch {
    return null;
  }
  if (!state.user) return null;
  const { id, name, roles, sessionVersion } = state.user;
  const key = JSON.stringify([
    'home',
    id,
    sessionVersion,
    name,
    roles,
    localesFromAcceptLanguage(req.headers.get('accept-language')),
  ]);
  const kept = keptDocument(key);
  if (!kept) {
    record.keepDocumentAs = key;
    return null;
  }
  record.userId = id;
  after(visitHome({ userId: id }));
  const res = new NextResponse(withNonce(kept, nonce), { status: 200, headers: kept.headers });
  // Says which answers were rendered and which were kept, for whoever measures (bench/load.ts).
  res.headers.set('Server-Timing', 'home;desc="kept"');
  return res;
}
