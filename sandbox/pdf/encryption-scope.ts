import { PDFDict, PDFName, PDFNumber, type PDFContext } from 'pdf-lib';

// Acrobat's "encrypt only file attachments" (ISO 32000-1, 7.6.5): a version 4 or 5 security
// handler whose stream and string filters (/StmF, /StrF) are /Identity, so pages, text and
// metadata are stored in the clear, and whose embedded-file filter (/EFF) encrypts only the
// attachments. Readers open and show it without a password (pdf.js: AuthEvent /EFOpen) and
// nothing about its pages is restricted by the attachment's password: it is not an encrypted
// document in the spec's sense.

const isIdentity = (dict: PDFDict, key: string) => {
  const value = dict.lookup(PDFName.of(key));
  // Absent means /Identity (ISO 32000-1, Table 20).
  return value === undefined || value === PDFName.of('Identity');
};

/** Whether the document's encryption dictionary encrypts nothing but embedded files. */
export function encryptsOnlyAttachments(context: PDFContext): boolean {
  const ref = context.trailerInfo.Encrypt;
  const dict = ref === undefined ? undefined : context.lookup(ref);
  if (!(dict instanceof PDFDict)) return false;
  const version = dict.lookup(PDFName.of('V'));
  if (!(version instanceof PDFNumber) || (version.asNumber() !== 4 && version.asNumber() !== 5)) return false;
  return isIdentity(dict, 'StmF') && isIdentity(dict, 'StrF') && dict.lookup(PDFName.of('EFF')) instanceof PDFName;
}
