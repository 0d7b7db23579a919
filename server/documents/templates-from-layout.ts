import 'server-only';
import type { Kysely } from 'kysely';
import type { LayoutTemplate } from '@/lib/documents/layout-templates';
import type { Database } from '../db/schema';

/**
 * The document-sign templates made from a document's layout, as far as this console was told.
 * Neither the editor's COMPLETE answer nor a template's record names the other (spec section 2:
 * template authoring is the platform's, and a template's fields beyond those listed are not
 * shown), so the only link is the answer to a publish this console made itself (the sandbox
 * panel's, audited with the template it made). Newest first; none when it never published one.
 */
export async function templatesFromLayout(db: Kysely<Database>, documentId: string): Promise<LayoutTemplate[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['details', 'at'])
    .where('operation', '=', 'sandbox.sign_template')
    .where('outcome', '=', 'success')
    .where('target_type', '=', 'document')
    .where('target_id', '=', documentId)
    .orderBy('id', 'desc')
    .execute();
  return rows.flatMap((r) => {
    const id = (JSON.parse(r.details ?? '{}') as { template_id?: unknown }).template_id;
    return typeof id === 'string' && id !== '' ? [{ template_id: id, published_at: r.at }] : [];
  });
}
