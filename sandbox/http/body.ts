import type { IncomingMessage } from 'node:http';
import { ApiError } from './errors.ts';
import { MAX_JSON_DEPTH, hasLoneSurrogate, nestsDeeperThan } from './json-checks.ts';
import { decodeUtf8 } from './utf8.ts';

const JSON_LIMIT = 1024 * 1024;

const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', `JSON bodies are limited to ${JSON_LIMIT} bytes.`);
const malformed = (why: string) => new ApiError(400, 'MALFORMED_JSON', `The body is not valid JSON: ${why}.`);

// Reads a JSON body with a hard size cap, counted from Content-Length and again byte by byte
// as it arrives (a chunked body has no length). Absent body -> undefined; anything that is
// not strict UTF-8 JSON within the depth limit is a 400, 413 or 415 and never reaches a
// handler, the idempotency fingerprint or the store.
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const length = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if ((length === undefined || length === '0') && !chunked) return undefined;
  if (length !== undefined && Number(length) > JSON_LIMIT) {
    req.resume();
    throw tooLarge();
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
    if (size > JSON_LIMIT) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  const text = decodeUtf8(Buffer.concat(chunks));
  if (text === null) throw malformed('it is not valid UTF-8 (stray, overlong or surrogate byte sequences)');
  if (text.trim() === '') return undefined;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError(400, 'JSON_TOO_DEEP', `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw malformed('it does not parse');
  }
  if (hasLoneSurrogate(value)) throw malformed('a string holds an unpaired surrogate escape such as \\ud800');
  return value;
}
