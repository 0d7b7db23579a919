import type { EditorLayout } from './editor-layout.ts';

export type LogicalPurpose = 'ATTACHMENT' | 'SIGNATURE_TARGET';

/** Something that holds a document as evidence; a referenced document cannot be deleted. */
export interface DocumentReference {
  kind: 'approval_request' | 'signature_package';
  id: string;
  /** submission field the document fills, for approval requests */
  field_key?: string;
}

export interface DocumentRecord {
  id: string;
  name: string;
  logical_purpose: LogicalPurpose;
  status: 'available';
  content_type: 'application/pdf';
  size_bytes: number;
  page_count: number;
  sha256: string;
  created_at: string;
  updated_at: string;
  /** approval requests and packages that use this document */
  references: DocumentReference[];
  /** true once referenced by submitted evidence: DELETE answers 409 DOCUMENT_PROTECTED */
  protected: boolean;
  protection_reason: string | null;
  /** the hosted editor's layout, versioned for optimistic concurrency */
  layout: EditorLayout;
  layout_version: number;
  layout_status: 'none' | 'draft' | 'completed';
}

export const documentFileName = (id: string) => `document-${id}.pdf`;

/** A document as it is first stored: referenced by nothing, unprotected, with no layout yet. */
export function newDocumentRecord(
  file: Pick<DocumentRecord, 'id' | 'name' | 'logical_purpose' | 'size_bytes' | 'page_count' | 'sha256'>,
  now: string,
): DocumentRecord {
  return {
    id: file.id,
    name: file.name,
    logical_purpose: file.logical_purpose,
    status: 'available',
    content_type: 'application/pdf',
    size_bytes: file.size_bytes,
    page_count: file.page_count,
    sha256: file.sha256,
    created_at: now,
    updated_at: now,
    references: [],
    protected: false,
    protection_reason: null,
    layout: { fields: [] },
    layout_version: 0,
    layout_status: 'none',
  };
}

/** Marks a document as evidence of `ref`; callers run this inside their own transaction. */
export function protectDocument(doc: DocumentRecord, ref: DocumentReference, reason: string): DocumentRecord {
  const known = doc.references.some((r) => r.kind === ref.kind && r.id === ref.id && r.field_key === ref.field_key);
  return {
    ...doc,
    references: known ? doc.references : [...doc.references, ref],
    protected: true,
    protection_reason: doc.protection_reason ?? reason,
  };
}
