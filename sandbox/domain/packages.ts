import { randomBytes } from 'node:crypto';
import type { Services } from '../services.ts';

// Signature packages and their preview receipts, as stored. Statuses beyond `queued` are
// this sandbox's decision (the spec lists none): queued -> delivered -> completed | declined,
// and any non-terminal package -> expired.

export const PREVIEW_TTL_MS = 10 * 60 * 1000;
export const DELIVERY_DELAY_MS = 60 * 1000;
export const DAY_MS = 86_400_000;

export const PACKAGE_STATUSES = ['queued', 'delivered', 'completed', 'declined', 'expired'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];
const TERMINAL: ReadonlySet<PackageStatus> = new Set(['completed', 'declined', 'expired']);
export const isTerminal = (status: PackageStatus) => TERMINAL.has(status);

export interface FrozenSigner {
  slot_id: string;
  label: string;
  name: string;
  email: string;
  phone: string;
  recipient_kind: 'external';
}

export type SenderValues = Record<string, string | number>;

export interface PreparedPdf {
  page_count: number;
  size_bytes: number;
  sha256: string;
}

/**
 * Stored under the hash of its token: the token itself exists only in the preview answer.
 * `status` mirrors `consumed` into the indexed column, so the pruner finds open receipts
 * without reading every receipt ever sent.
 */
export interface PreviewRecord {
  id: string;
  preview_id: string;
  app_id: string;
  status: 'open' | 'sent';
  template_id: string;
  template_name: string;
  version_id: string;
  version_number: number;
  sender_values: SenderValues;
  signers: FrozenSigner[];
  expires_in_days: number;
  prepared_pdf: PreparedPdf;
  file: string;
  created_at: string;
  expires_at: string;
  expires_at_ms: number;
  consumed: boolean;
  consumed_at: string | null;
  package_id: string | null;
}

/**
 * What is left of a receipt that expired unsent once its PDF is deleted: enough for its token
 * to keep answering PREVIEW_EXPIRED (or 404 to another app, 422 to another template) rather
 * than turning into PREVIEW_NOT_FOUND, and nothing of the signers or values it froze.
 */
export interface LapsedPreviewRecord {
  id: string;
  preview_id: string;
  app_id: string;
  status: 'lapsed';
  template_id: string;
  created_at: string;
  expires_at: string;
  expires_at_ms: number;
  consumed: false;
  lapsed_at: string;
}

export type StoredPreview = PreviewRecord | LapsedPreviewRecord;

export type SignerStatus = 'pending' | 'invited' | 'signed' | 'declined';

export interface PackageSigner extends FrozenSigner {
  status: SignerStatus;
  signed_at: string | null;
  declined_at: string | null;
}

export interface PackageEvent {
  at: string;
  type: 'sent' | 'delivered' | 'signed' | 'completed' | 'declined' | 'expired' | 'archived';
  slot_id?: string;
  reason?: string;
}

export interface PackageRecord {
  id: string;
  /** template and signer names, so `q` finds a package by either */
  name: string;
  app_id: string;
  status: PackageStatus;
  invitation_status: 'queued' | 'delivered';
  template_id: string;
  template_name: string;
  version: string;
  version_number: number;
  signers: PackageSigner[];
  sender_values: SenderValues;
  expires_in_days: number;
  expires_at: string;
  expires_at_ms: number;
  sent_at: string;
  sent_at_ms: number;
  delivered_at: string | null;
  completed_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  expired_at: string | null;
  prepared_pdf: PreparedPdf;
  preview_id: string;
  file: string;
  /** lists filter on this top-level string; `status` stays the lifecycle */
  archive_status: 'active' | 'archived';
  archived_at: string | null;
  archive_reason: string | null;
  created_at: string;
  updated_at: string;
  events: PackageEvent[];
  /** the control plane's hold_delivery: kept queued until delivered by hand (sandbox only) */
  delivery_held?: boolean;
}

export const newPreviewToken = () => `pt_${randomBytes(32).toString('base64url')}`;
export const PREVIEW_TOKEN = /^pt_[A-Za-z0-9_-]{43}$/;
export const newPreviewId = () => `prv_${randomBytes(10).toString('hex')}`;
export const newPackageId = () => `pkg_${randomBytes(10).toString('hex')}`;
export const previewFileName = (previewId: string) => `preview-${previewId}.pdf`;

/** What an app sees: storage details (owner, file, millisecond twins) stay inside. */
export function packageView(p: PackageRecord) {
  const { app_id: _a, file: _f, expires_at_ms: _e, sent_at_ms: _s, archive_status, delivery_held: _h, ...rest } = p;
  return { ...rest, archived: archive_status === 'archived' };
}

export function previewView(p: PreviewRecord, token: string) {
  return {
    preview_token: token,
    template_id: p.template_id,
    version: p.version_id,
    version_number: p.version_number,
    expires_at: p.expires_at,
    prepared_pdf: p.prepared_pdf,
    pdf_url: `/api/v1/document-sign-templates/${encodeURIComponent(p.template_id)}/content?version=${encodeURIComponent(p.version_id)}`,
    pdf_url_is_source: true,
    sender_values: p.sender_values,
    signers: p.signers,
    expires_in_days: p.expires_in_days,
  };
}

/** Packages the simulation may still move; terminal ones never change again. */
export function activePackages(services: Services): PackageRecord[] {
  return services.db
    .prepare<[], { data: string }>(
      "SELECT data FROM records WHERE kind = 'package' AND status IN ('queued', 'delivered') ORDER BY seq",
    )
    .all()
    .map((r) => JSON.parse(r.data) as PackageRecord);
}
