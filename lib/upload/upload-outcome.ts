import type { ErrorDetail } from '../api-error.ts';
import type { DocumentItem } from '../documents/schemas.ts';

// What an upload attempt's answer can mean (upload-response.ts classifies it), apart from the
// classifier, which reads documents with zod: the state machine needs only these.

/** The raw answer of one attempt; status 0 is a network failure (no answer at all). */
export interface RawAnswer {
  status: number;
  retryAfter: string | null;
  body: string;
}

export type UploadOutcome =
  | { kind: 'ok'; document: DocumentItem }
  /** try the same upload again, with the same key, after `seconds` */
  | { kind: 'busy'; seconds: number; code: string; message: string }
  | { kind: 'network' }
  | { kind: 'unauthenticated' }
  | { kind: 'rejected'; status: number; code: string; message: string; details: ErrorDetail[] };

/** A sentence for a refusal: the API's message, prefixed where the code alone says more. */
export function rejectionMessage(outcome: Extract<UploadOutcome, { kind: 'rejected' }>): string {
  if (outcome.status === 413) return 'The file is larger than 25 MB; the upload was refused.';
  if (outcome.status === 403) return `${outcome.message} Uploading needs the operator or admin role.`;
  if (outcome.code === 'IDEMPOTENCY_KEY_REUSED') return 'This upload was already used for a different file or purpose. Choose the file again to start a new upload.';
  return outcome.message;
}
