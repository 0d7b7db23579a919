import { conflict, notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { isTerminal, type PackageRecord } from './packages.ts';

// Archiving keeps the package, its events and its PDF; only terminal packages qualify.
export function archivePackage(services: Services, appId: string, id: string, reason: string): PackageRecord {
  const { records, clock } = services;
  return records.tx(() => {
    const pkg = records.getOwned<PackageRecord>('package', id, appId);
    if (!pkg) throw notFound(`Signature package ${id}`);
    if (pkg.archive_status === 'archived') throw conflict('PACKAGE_ALREADY_ARCHIVED', `Package ${id} is already archived.`);
    if (!isTerminal(pkg.status)) {
      throw conflict(
        'PACKAGE_NOT_CLOSED',
        `Package ${id} is ${pkg.status}; only completed, declined or expired packages can be archived.`,
      );
    }
    const at = clock.iso();
    return records.update<PackageRecord>('package', {
      ...pkg,
      archive_status: 'archived',
      archived_at: at,
      archive_reason: reason,
      updated_at: at,
      events: [...pkg.events, { at, type: 'archived', reason }],
    });
  });
}
