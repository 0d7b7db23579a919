// pdf.js failures in words a reader can act on. pdf.js rebuilds its exceptions across the
// worker boundary, so they are told apart by name, not by class.

export type PdfFailure = {
  kind: 'encrypted' | 'invalid' | 'unauthenticated' | 'forbidden' | 'missing' | 'http' | 'other';
  message: string;
};

export function describePdfError(err: unknown): PdfFailure {
  const e = (err ?? {}) as { name?: string; status?: number };
  switch (e.name) {
    case 'PasswordException':
      return { kind: 'encrypted', message: 'This PDF is password-protected, so it cannot be shown here.' };
    case 'InvalidPDFException':
      return { kind: 'invalid', message: 'The file is not a valid PDF, or it is damaged.' };
    case 'ResponseException':
    case 'MissingPDFException':
    case 'UnexpectedResponseException': {
      const status = e.status ?? 0;
      if (status === 401) return { kind: 'unauthenticated', message: 'Your session has ended. Sign in again to view the PDF.' };
      if (status === 403) return { kind: 'forbidden', message: 'Your role does not allow viewing this PDF.' };
      if (status === 404) return { kind: 'missing', message: 'The PDF was not found: the document may have been deleted.' };
      if (status > 0)
        return {
          kind: 'http',
          message: `The PDF could not be downloaded (the console answered ${status}). Try again in a moment.`,
        };
      return { kind: 'other', message: 'The PDF could not be downloaded. Check your connection and try again.' };
    }
    default:
      return { kind: 'other', message: 'The PDF could not be loaded. Check your connection and try again.' };
  }
}
