import 'server-only';
import { idsInScope } from '../teams/visible-records';
import type { Kysely } from 'kysely';
import { db } from '../db';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';

/** A document that is not there and one of another team answer the same, so nothing confirms the other exists. */
export const noDocument = () => new ConsoleError(404, 'NOT_FOUND', 'No such document.');

/** Notes a document the console uploaded, for `teamId`; a retried upload (same document) keeps the first note. */
export async function recordUpload(conn: Kysely<Database>, documentId: string, by: { userId: string; teamId: string | null }) {
  await conn
    .insertInto('document_uploads')
    .values({ document_id: documentId, user_id: by.userId, team_id: by.teamId, uploaded_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('document_id').doNothing())
    .execute();
}

/** Of these document ids, those the reader's teams see; null when the reader sees everything. */
export const documentsInScope = async (ids: readonly string[]) => idsInScope(await db(), 'document', ids);

/** Refuses, as a missing document is refused, one the reader's teams do not see; before the API is asked. */
export async function requireDocumentInScope(id: string) {
  const seen = await documentsInScope([id]);
  if (seen && !seen.has(id)) throw noDocument();
}

/**
 * Refuses a request's attachments the reader's teams do not see (another team's document, one
 * of no team, or none at all) before the API hears of them, in one answer that does not tell
 * which: attaching a document would otherwise show its name and protect it as evidence.
 */
export async function requireAttachable(documents: readonly { document_id: string }[] | undefined) {
  if (!documents?.length) return;
  const seen = await documentsInScope(documents.map((d) => d.document_id));
  if (!seen) return;
  const details = documents.flatMap((d, i) =>
    seen.has(d.document_id) ? [] : [{ path: `documents.${i}.document_id`, message: 'no such document' }],
  );
  if (details.length > 0)
    throw new ConsoleError(
      422,
      'DOCUMENT_NOT_FOUND',
      'A document attached is not one you can use: upload it again or choose another.',
      details,
    );
}
