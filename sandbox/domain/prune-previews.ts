import type { Ticker } from '../scheduler.ts';
import type { Services } from '../services.ts';
import type { LapsedPreviewRecord, PreviewRecord } from './packages.ts';

/**
 * A receipt that expired unsent can never be sent or fetched again, yet its populated PDF
 * and the signers it froze would stay on disk for good. On the scheduler's tick it becomes a
 * tombstone (see LapsedPreviewRecord) and its file goes; sent receipts keep theirs, which
 * their package serves.
 */
export function previewPruner(services: Services): Ticker {
  const { db, records, files, clock } = services;
  const lapsedBy = db.prepare<[number], { data: string }>(
    "SELECT data FROM records WHERE kind = 'preview' AND status = 'open' AND json_extract(data, '$.expires_at_ms') <= ?",
  );
  const nextExpiry = db.prepare<[], { due: number | null }>(
    "SELECT MIN(json_extract(data, '$.expires_at_ms')) AS due FROM records WHERE kind = 'preview' AND status = 'open'",
  );
  return (now) => {
    const lapsed = lapsedBy.all(now).map((r) => JSON.parse(r.data) as PreviewRecord);
    if (lapsed.length > 0) {
      records.tx(() => lapsed.forEach((p) => records.update<LapsedPreviewRecord>('preview', tombstone(p, clock.iso(now)))));
      // After the commit: a committed row never names a file that is gone.
      for (const p of lapsed) files.remove(p.file);
    }
    return nextExpiry.get()?.due ?? null;
  };
}

function tombstone(p: PreviewRecord, at: string): LapsedPreviewRecord {
  return {
    id: p.id,
    preview_id: p.preview_id,
    app_id: p.app_id,
    status: 'lapsed',
    template_id: p.template_id,
    created_at: p.created_at,
    expires_at: p.expires_at,
    expires_at_ms: p.expires_at_ms,
    consumed: false,
    lapsed_at: at,
  };
}
