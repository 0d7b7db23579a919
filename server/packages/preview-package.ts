import 'server-only';
import type { PreviewBody } from '@/lib/packages/schemas';
import { db } from '../db';
import { getCatalogItem } from '../signing-api/catalog';
import { previewPackage as postPreview } from '../signing-api/packages';
import { recordPreview } from '../send-records/record-preview';

export interface PreviewPackageOptions {
  /** the route's parsed body: phones already in E.164, the reference only the console's */
  input: PreviewBody;
  userId: string;
}

/**
 * The template's record as the sending record wants it: its name and its fields' labels. The
 * preview's answer names neither (spec section 2), so the template is read alongside (a catalog
 * read, shared and kept briefly); a failed read costs the record its labels, never the preview.
 */
const templateOf = (id: string) =>
  getCatalogItem('document-sign-templates', id).then(
    (t) => t,
    () => null,
  );

/**
 * Asks the API for a preview, then records what it froze under the receipt, so the send can be
 * recorded with it. The reference stays in the console: the API has no subject.
 */
export async function previewPackage({ input, userId }: PreviewPackageOptions) {
  const { reference, ...apiInput } = input;
  const [preview, template] = await Promise.all([postPreview(apiInput), templateOf(input.template_id)]);
  const named = (preview as { template_name?: unknown }).template_name;
  // The version the preview froze is the answer's; the template's current one is only a guess, never used.
  const versionNumber =
    preview.version_number ?? template?.versions.find((v) => preview.version !== undefined && v.id === preview.version)?.number;
  await recordPreview(await db(), {
    userId,
    previewToken: preview.preview_token,
    templateId: input.template_id,
    templateName: typeof named === 'string' ? named : (template?.name ?? null),
    reference: reference ?? null,
    senderValues: input.sender_values,
    signers: input.signers.map(({ slot_id, name, email, phone }) => ({ slot_id, name, email, phone })),
    expiresInDays: input.expires_in_days,
    pdf: preview.prepared_pdf,
    templateVersion: { id: preview.version ?? null, number: versionNumber ?? null },
    fieldLabels: template ? template.sender_fields.map((f) => ({ key: f.key, label: f.label })) : null,
    at: new Date(),
  });
  return preview;
}
