// Outside lib/documents/schemas.ts (zod) so that the documents pages and the upload checks can
// name them without bringing zod into the first load; the schema module re-exports them.
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const MAX_PDF_PAGES = 200;
export const LOGICAL_PURPOSES = ['ATTACHMENT', 'SIGNATURE_TARGET'] as const;
export type LogicalPurpose = (typeof LOGICAL_PURPOSES)[number];
