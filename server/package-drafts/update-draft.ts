import 'server-only';
import type { Kysely } from 'kysely';
import { draftLabel } from '@/lib/package-drafts/draft-label';
import { DRAFT_CONFLICT, type PackageDraft, type UpdateDraftInput } from '@/lib/package-drafts/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { draftNotFound, toDraft } from './draft-record';

export interface UpdateDraft {
  userId: string;
  id: string;
  input: UpdateDraftInput;
}

/**
 * Saves over a draft only if it is still the version the browser read (DESIGN.md section 6):
 * the version check and the write are one statement, so of two tabs saving the same version
 * exactly one succeeds and the other hears 409 with the version it would overwrite.
 */
export async function updateDraft(db: Kysely<Database>, { userId, id, input }: UpdateDraft): Promise<PackageDraft> {
  const row = await db
    .updateTable('package_drafts')
    .set({
      template_id: input.template_id,
      template_name: input.template_name || null,
      label: draftLabel(input.values),
      form_values: JSON.stringify(input.values),
      version: input.version + 1,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('version', '=', input.version)
    .returningAll()
    .executeTakeFirst();
  if (row) return toDraft(row);
  const current = await db
    .selectFrom('package_drafts')
    .select('version')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!current) throw draftNotFound();
  const saved = Number(current.version);
  throw new ConsoleError(
    409,
    DRAFT_CONFLICT,
    `This draft was saved elsewhere (another tab or window) after you opened it: yours is based on version ${input.version}, the saved one is version ${saved}. Load the saved draft, or save yours over it.`,
    [{ path: 'version', message: `the saved draft is version ${saved}`, current_version: saved }],
  );
}
