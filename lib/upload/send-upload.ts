import type { LogicalPurpose } from '../documents/schemas.ts';
import type { RawAnswer } from './upload-outcome.ts';

export interface SendUploadArgs {
  file: Blob;
  fileName: string;
  purpose: LogicalPurpose;
  idempotencyKey: string;
  /** the team it is uploaded for (of someone in several); the console decides when left out */
  teamId?: string;
  onProgress(loaded: number, total: number): void;
  /** the last byte of the body has left the browser */
  onSent(): void;
}

export interface UploadRequest {
  answer: Promise<RawAnswer>;
  abort(): void;
}

export class UploadAborted extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'AbortError';
  }
}

/**
 * One attempt: the multipart body {file, logicalPurpose} streamed with XMLHttpRequest, the
 * only browser API that reports upload progress. Resolves with whatever came back (status 0
 * when nothing did) and rejects only when aborted.
 */
export function sendUpload({
  file,
  fileName,
  purpose,
  idempotencyKey,
  teamId,
  onProgress,
  onSent,
}: SendUploadArgs): UploadRequest {
  const xhr = new XMLHttpRequest();
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const body = new FormData();
    body.append('logicalPurpose', purpose);
    body.append('file', file, fileName);
    xhr.open('POST', teamId ? `/api/documents?team_id=${encodeURIComponent(teamId)}` : '/api/documents');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.upload.onload = () => onSent();
    xhr.onload = () => resolve({ status: xhr.status, retryAfter: xhr.getResponseHeader('retry-after'), body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, retryAfter: null, body: '' });
    xhr.ontimeout = () => resolve({ status: 0, retryAfter: null, body: '' });
    xhr.onabort = () => reject(new UploadAborted());
    xhr.send(body);
  });
  return { answer, abort: () => xhr.abort() };
}
