import type { Services } from '../services.ts';
import { resolvePreview } from './package-preview.ts';
import { DAY_MS, newPackageId, type PackageRecord, type PreviewRecord } from './packages.ts';

// Sending uses the frozen preview only: no template read, so what the sender reviewed is
// exactly what goes out. Consuming the receipt and creating the package is one transaction.
export function sendPackage(services: Services, appId: string, templateId: string, token: string): PackageRecord {
  const { records, clock } = services;
  const pkg = records.tx(() => {
    const preview = resolvePreview(services, appId, templateId, token);
    const now = clock.now();
    const at = clock.iso(now);
    const created: PackageRecord = {
      id: newPackageId(),
      name: `${preview.template_name}: ${preview.signers.map((s) => s.name).join(', ')}`,
      app_id: appId,
      status: 'queued',
      invitation_status: 'queued',
      template_id: preview.template_id,
      template_name: preview.template_name,
      version: preview.version_id,
      version_number: preview.version_number,
      signers: preview.signers.map((s) => ({ ...s, status: 'pending', signed_at: null, declined_at: null })),
      sender_values: preview.sender_values,
      expires_in_days: preview.expires_in_days,
      expires_at: clock.iso(now + preview.expires_in_days * DAY_MS),
      expires_at_ms: now + preview.expires_in_days * DAY_MS,
      sent_at: at,
      sent_at_ms: now,
      delivered_at: null,
      completed_at: null,
      declined_at: null,
      decline_reason: null,
      expired_at: null,
      prepared_pdf: preview.prepared_pdf,
      preview_id: preview.preview_id,
      file: preview.file,
      archive_status: 'active',
      archived_at: null,
      archive_reason: null,
      created_at: at,
      updated_at: at,
      events: [{ at, type: 'sent' }],
    };
    records.insert<PackageRecord>('package', created, appId);
    records.update<PreviewRecord>('preview', {
      ...preview,
      status: 'sent',
      consumed: true,
      consumed_at: at,
      package_id: created.id,
    });
    return created;
  });
  // The new package has a delivery due in a minute; the scheduler must look again.
  services.scheduler.poke();
  return pkg;
}
