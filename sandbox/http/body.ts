import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.ts';

const JSON_LIMIT = 1024 * 1024;

// Reads a JSON body with a hard size cap. Absent body -> undefined; anything that is not
// JSON is a 400 or 415 and never reaches a handler.
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const length = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if ((length === undefined || length === '0') && !chunked) return undefined;
  if (length !== undefined && Number(length) > JSON_LIMIT) {
    req.resume();
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `JSON bodies are limited to ${JSON_LIMIT} bytes.`);
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    req.resume();
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body must be sent as application/json.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > JSON_LIMIT) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `JSON bodies are limited to ${JSON_LIMIT} bytes.`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'MALFORMED_JSON', 'The body is not valid JSON.');
  }
}
