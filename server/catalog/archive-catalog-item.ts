import 'server-only';
import type { ArchivableKind } from '@/lib/catalog/kinds';
import { SigningApiError, explainingRefusal } from '../signing-api/client/errors';
import { getCatalogItem, postArchive } from '../signing-api/catalog';

export interface ArchiveCatalogItemOptions {
  kind: ArchivableKind;
  id: string;
  reason: string;
  /** the browser's key for this confirmation */
  idempotencyKey: string;
}

/** Archives a category, workflow or request form; a refusal of one already archived says since when. */
export async function archiveCatalogItem({ kind, id, reason, idempotencyKey }: ArchiveCatalogItemOptions) {
  return explainingRefusal(postArchive(kind, id, reason, idempotencyKey), [409], (err) => alreadyArchived(kind, id, err));
}

/** WORKFLOW_IN_USE is the spec's own; any other 409 is explained by reading the item again. */
async function alreadyArchived(kind: ArchivableKind, id: string, err: SigningApiError): Promise<SigningApiError | null> {
  if (err.code === 'WORKFLOW_IN_USE') return null;
  const item = await getCatalogItem(kind, id, { fresh: true }).catch(() => null);
  if (item?.status !== 'archived') return null;
  const since = typeof item.archived_at === 'string' ? ` since ${item.archived_at}` : '';
  return new SigningApiError(409, 'ALREADY_ARCHIVED', `It is already archived${since}.`, [], null, err.requestId);
}
