import type { DocumentItem } from '@/lib/documents/schemas';

// Words for document fields, shared by the list, the detail page and the upload.

export const PURPOSES = {
  ATTACHMENT: { label: 'Attachment', hint: 'A supporting file for approval requests. The default.' },
  // Not "to send for signing": packages are sent with a document-sign template, which only the
  // platform's own designer makes from a completed layout (spec section 1).
  SIGNATURE_TARGET: {
    label: 'Signature target',
    hint: 'A PDF to lay out signature fields on. To send it for signing, a workspace administrator makes a document-sign template from the completed layout in the Signing platform.',
  },
} as const;

export const pagesText = (n: number | undefined) =>
  n === undefined ? 'an unknown number of pages' : `${n} ${n === 1 ? 'page' : 'pages'}`;

// Apart, so the sandbox panel's card can name a template without every fact here.
export { templateNameOf } from './template-name';

export const purposeLabel = (purpose: string) => PURPOSES[purpose as keyof typeof PURPOSES]?.label ?? purpose;

const REFERENCE_KINDS: Record<string, string> = { approval_request: 'approval request', signature_package: 'signature package' };
export const referenceLabel = (ref: { kind: string; id: string }) =>
  `${REFERENCE_KINDS[ref.kind] ?? ref.kind.replace(/_/g, ' ')} ${ref.id}`;

/**
 * Why a document cannot be deleted, or null when it can: submitted or signed evidence is
 * protected, and a document still referenced by a draft is in use.
 */
export function deletionBlock(doc: Pick<DocumentItem, 'protected' | 'protection_reason' | 'references'>): string | null {
  if (doc.protected) {
    const why = doc.protection_reason
      ? `${doc.protection_reason.replace(/\.$/, '')}`
      : 'It is evidence of a submitted request or package';
    return `Protected evidence: ${why}. Submitted or signed evidence is kept, so it cannot be deleted.`;
  }
  if (doc.references.length > 0) {
    return `In use by ${doc.references.map(referenceLabel).join(', ')}. Remove it there before deleting it.`;
  }
  return null;
}
