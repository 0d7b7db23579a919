import 'server-only';
import type { PreviewBody } from '@/lib/packages/schemas';
import { db } from '../db';
import { previewPackage as postPreview } from '../signing-api/packages';
import { recordPreview } from '../send-records/record-preview';

export interface PreviewPackageOptions {
  /** the route's parsed body: phones already in E.164, the reference only the console's */
  input: PreviewBody;
  userId: string;
}

/**
 * Asks the API for a preview, then records what it froze under the receipt, so the send can be
 * recorded with it. The reference stays in the console: the API has no subject.
 */
export async function previewPackage({ input, userId }: PreviewPackageOptions) {
  const { reference, ...apiInput } = input;
  const preview = await postPreview(apiInput);
  const templateName = (preview as { template_name?: unknown }).template_name;
  await recordPreview(await db(), {
    userId,
    previewToken: preview.preview_token,
    templateId: input.template_id,
    templateName: typeof templateName === 'string' ? templateName : null,
    reference: reference ?? null,
    senderValues: input.sender_values,
    signers: input.signers.map(({ slot_id, name, email, phone }) => ({ slot_id, name, email, phone })),
    expiresInDays: input.expires_in_days,
    pdf: preview.prepared_pdf,
    at: new Date(),
  });
  return preview;
}
