import 'server-only';
import { archivePackage as postArchive } from '../signing-api/packages';

export interface ArchivePackageOptions {
  id: string;
  reason: string;
  /** the browser's key for this confirmation */
  idempotencyKey: string;
}

/** Archives a finished package; the API refuses an active one (PACKAGE_NOT_CLOSED). */
export async function archivePackage({ id, reason, idempotencyKey }: ArchivePackageOptions) {
  return postArchive(id, reason, idempotencyKey);
}
