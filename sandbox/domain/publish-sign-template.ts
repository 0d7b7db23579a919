import { randomBytes } from 'node:crypto';
import { conflict, notFound, validationFailed } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { templateFileName, type Rect, type SignTemplateRecord, type SignerSlot } from './catalog.ts';
import { documentFileName, type DocumentRecord } from './documents.ts';
import type { LayoutField } from './editor-layout.ts';

export interface PublishSignTemplate {
  documentId: string;
  /** already checked (3-200 characters); absent: the document's name without ".pdf" */
  name?: string;
  description?: string;
}

export const TEMPLATE_NAME_MIN = 3;
export const TEMPLATE_NAME_MAX = 200;
// A preview takes 1-20 signers, one per slot (spec section 4): more slots could never be sent.
const MAX_SLOTS = 20;

// 96 random bits, in the seeded ids' shape (dst_…, dstv_…) so every dialect maps them alike.
const newTemplateId = () => `dst_${randomBytes(12).toString('hex')}`;
const newVersionId = () => `dstv_${randomBytes(12).toString('hex')}`;

/** `signer_2` → "Signer 2", `company_signer` → "Company signer": the editor's slot ids, said for people. */
export function slotLabelOf(slotId: string): string {
  const words = slotId.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : slotId;
}

/** One slot per distinct slot id, in the order the layout first names it, placed where that signer signs. */
export function slotsOf(fields: readonly LayoutField[]): (SignerSlot & { page: number; rect: Rect })[] {
  const ids = [...new Set(fields.map((f) => f.slot_id).filter((id) => id.trim() !== ''))];
  return ids.map((slotId) => {
    const own = fields.filter((f) => f.slot_id === slotId);
    // The signature box is where the preview shows who signs; a slot without one shows at its first field.
    const at = own.find((f) => f.type === 'signature') ?? own[0]!;
    return {
      slot_id: slotId,
      label: slotLabelOf(slotId),
      recipient_kind: 'external' as const,
      page: at.page,
      rect: { x: at.x, y: at.y, width: at.width, height: at.height },
    };
  });
}

const withoutPdf = (name: string) => name.replace(/\.pdf$/i, '').trim();

/** The document, if its layout can become a template; otherwise why not. */
function checkedDocument(services: Services, documentId: string): DocumentRecord {
  const doc = services.records.get<DocumentRecord>('document', documentId);
  if (!doc) throw notFound(`Document ${JSON.stringify(documentId.slice(0, 100))}`);
  if (doc.logical_purpose !== 'SIGNATURE_TARGET') {
    throw conflict(
      'NOT_A_SIGNATURE_TARGET',
      `Document ${doc.id} was uploaded as ${doc.logical_purpose}; only a SIGNATURE_TARGET document's layout can become a document-sign template.`,
    );
  }
  if (doc.layout_status !== 'completed') {
    throw conflict(
      'LAYOUT_NOT_COMPLETED',
      `The layout of document ${doc.id} is ${doc.layout_status === 'none' ? 'not started' : 'a draft'}; complete it in the hosted editor first.`,
    );
  }
  const slots = slotsOf(doc.layout.fields);
  if (slots.length === 0) {
    throw conflict(
      'LAYOUT_HAS_NO_SIGNER',
      `The layout of document ${doc.id} has no field for a signer, so a template made from it would have nobody to sign.`,
    );
  }
  if (slots.length > MAX_SLOTS) {
    throw conflict(
      'TOO_MANY_SIGNER_SLOTS',
      `The layout of document ${doc.id} has ${slots.length} signer slots; a package takes at most ${MAX_SLOTS} signers, so no package could be sent with it.`,
    );
  }
  return doc;
}

function nameFor(doc: DocumentRecord, given: string | undefined): string {
  if (given !== undefined) return given;
  const derived = withoutPdf(doc.name);
  // A stored document name is at most 200 characters, so only a short one needs a name given.
  if ([...derived].length >= TEMPLATE_NAME_MIN) return derived;
  throw validationFailed(
    [
      {
        path: 'name',
        message: `required: the document's name "${doc.name}" is too short to name a template (${TEMPLATE_NAME_MIN}-${TEMPLATE_NAME_MAX} characters)`,
      },
    ],
    `Give the template a name of ${TEMPLATE_NAME_MIN}-${TEMPLATE_NAME_MAX} characters: the document's name "${doc.name}" is too short to be one.`,
  );
}

/**
 * What the platform's template designer does with a completed layout (spec section 1:
 * template authoring is not part of the API): a document-sign template of one version whose
 * source PDF is the document's, one signer slot per slot of the layout, allowed for the app
 * that owns the document and seen by that app alone (the PDF is that app's). Each call is a
 * new design, so publishing twice makes two templates. The PDF is copied, not shared: it stays
 * the template's when the document is deleted. Synchronous from the first check to the commit,
 * so no other request can change the document in between.
 */
export function publishSignTemplate(services: Services, input: PublishSignTemplate): SignTemplateRecord {
  const { records, files, clock } = services;
  const doc = checkedDocument(services, input.documentId);
  const name = nameFor(doc, input.name);
  const owner = records.ownerOf('document', doc.id) ?? null;
  const at = clock.iso();
  const versionId = newVersionId();
  const template: SignTemplateRecord = {
    id: newTemplateId(),
    name,
    description: input.description ?? `Made in the template designer from the completed layout of ${doc.name}.`,
    status: 'active',
    api_enabled: true,
    page_count: doc.page_count,
    versions: [{ id: versionId, number: 1, page_count: doc.page_count, created_at: at }],
    current_version_id: versionId,
    slots: slotsOf(doc.layout.fields),
    sender_fields: [],
    created_at: at,
    updated_at: at,
  };
  // The file first, as the seed does: a committed template never points at a missing PDF.
  const file = templateFileName(versionId);
  files.write(file, files.read(documentFileName(doc.id)));
  try {
    return records.tx(() => records.insert<SignTemplateRecord>('sign_template', template, owner));
  } catch (err) {
    files.remove(file);
    throw err;
  }
}
