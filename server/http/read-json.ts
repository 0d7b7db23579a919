import 'server-only';
import { ConsoleError } from '../errors';

export const JSON_LIMIT = 1024 * 1024;
/** Deeper than any body the console accepts (a submission's nested fields included). */
export const JSON_MAX_DEPTH = 32;

const tooLarge = () => new ConsoleError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
const malformed = (why: string) => new ConsoleError(400, 'MALFORMED_JSON', `The body is not valid JSON: ${why}.`);

/**
 * A JSON request body, read defensively (DESIGN.md section 5): the size is checked from
 * Content-Length and again while the stream is read (a chunked body is never buffered past
 * the cap), the bytes must be strict UTF-8 (never silently turned into U+FFFD), nesting is
 * capped before parsing, and strings must be well-formed Unicode. An empty body is undefined.
 */
export async function readJsonBody(req: Request, limit = JSON_LIMIT): Promise<unknown> {
  if (Number(req.headers.get('content-length') ?? 0) > limit) throw tooLarge();
  const bytes = await readCapped(req, limit);
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw malformed('it is not UTF-8 text');
  }
  if (text.trim() === '') return undefined;
  if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    throw new ConsoleError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  if (nestingDepth(text) > JSON_MAX_DEPTH) throw malformed(`it is nested deeper than ${JSON_MAX_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed('it does not parse');
  }
  if (!wellFormed(value)) throw malformed('it holds text that is not valid Unicode');
  return value;
}

async function readCapped(req: Request, limit: number): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      // The client went away mid-body: nothing to answer, and nothing of ours failed.
      throw new ConsoleError(400, 'REQUEST_ABORTED', 'The request body was cut off before it was complete.');
    }
    const { done, value } = read;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** Deepest bracket nesting outside strings; a scan, so a JSON bomb is refused before parsing. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isText = (s: string) => !LONE_SURROGATE.test(s);

/** No lone surrogates in any key or string ("\ud800" parses, but is not text). */
function wellFormed(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!isText(v)) return false;
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (!isText(k)) return false;
        stack.push(child);
      }
    }
  }
  return true;
}
