import { NAMED_CODES, type Dialect } from '../http/dialect.ts';
import { mapIds, mapIdsInString } from '../http/dialect-ids.ts';

// The conformance suite runs against both dialects (SANDBOX_DIALECT). Against the alternate
// one, each answer is first checked for what that dialect promises (problem+json errors that
// keep only the spec's named codes, an unnamed field on every object), then read back into
// the standard shape, identifiers included, so every rule the spec fixes (statuses, named
// codes, records, effects) is asserted by the same tests in both dialects.

/** The alternate dialect's extra field, on every API object but the caller's own maps. */
const EXTRA = 'x_alt_trace';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A document's digest and a package's sending time under their standard names. */
function standardNames(record: Json): Json {
  if ('logical_purpose' in record && typeof record.checksum === 'string') {
    const { checksum, ...rest } = record;
    return { ...rest, sha256: checksum.replace(/^sha256:/, '') };
  }
  if ('invitation_status' in record && 'queued_at' in record) {
    const { queued_at, ...rest } = record;
    return { ...rest, sent_at: queued_at };
  }
  return record;
}

function withoutExtras(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutExtras);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(standardNames(value)).filter(([k]) => k !== EXTRA).map(([k, v]) => [k, withoutExtras(v)]));
}

const fromPointer = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');

function envelopeOf(problem: Json, status: number): Json {
  if (problem.status !== status) throw new Error(`problem+json status ${String(problem.status)} differs from HTTP ${status}`);
  const code = typeof problem.code === 'string' ? problem.code : undefined;
  if (code !== undefined && !NAMED_CODES.has(code)) throw new Error(`the alternate dialect leaked a code the spec does not name: ${code}`);
  const errors = Array.isArray(problem.errors) ? (problem.errors as Json[]) : [];
  const instance = typeof problem.instance === 'string' ? problem.instance : '';
  return {
    error: {
      ...(code ? { code } : {}),
      message: typeof problem.detail === 'string' ? mapIdsInString(problem.detail, 'in') : problem.detail,
      ...(errors.length
        ? { details: errors.map(({ pointer, detail, ...extras }) => ({ ...extras, path: fromPointer(String(pointer ?? '')), message: detail })) }
        : {}),
      request_id: instance.replace(/^urn:request:/, ''),
    },
  };
}

/** The preview's prepared_pdf under the names the standard dialect gives them. */
function standardPreparedPdf(value: unknown): unknown {
  if (!isObject(value) || !('pages' in value)) return value;
  const { pages, bytes, checksum, ...rest } = value;
  return { ...rest, page_count: pages, size_bytes: bytes, sha256: typeof checksum === 'string' ? checksum.replace(/^sha256:/, '') : checksum };
}

/** Retry-After in delta-seconds, as the standard dialect says it; the alternate one gives an HTTP date. */
export function standardRetryAfter(dialect: Dialect, value: string | null, date: string | null): string | null {
  if (dialect === 'standard' || value === null) return value;
  const at = Date.parse(value);
  const now = date === null ? Number.NaN : Date.parse(date);
  if (/^\d+$/.test(value) || Number.isNaN(at) || Number.isNaN(now)) throw new Error(`an alternate Retry-After is not an HTTP date: ${value}`);
  return String(Math.round((at - now) / 1000));
}

/** The answer as the standard dialect says it; throws when the alternate one broke its own promises. */
export function standardView(dialect: Dialect, status: number, contentType: string, body: unknown): unknown {
  if (dialect === 'standard' || body === null) return body;
  if (JSON.stringify(mapIds(body, 'out')) !== JSON.stringify(body))
    throw new Error(`an alternate answer carries an identifier in the standard shape: ${JSON.stringify(body).slice(0, 200)}`);
  if (status >= 400) {
    if (!contentType.includes('application/problem+json') || !isObject(body)) throw new Error(`an alternate error is not problem+json: ${contentType}`);
    return mapIds(envelopeOf(body, status), 'in');
  }
  if (isObject(body) && !(EXTRA in body)) throw new Error(`an alternate answer lacks its extra field: ${JSON.stringify(body).slice(0, 200)}`);
  const plain = mapIds(withoutExtras(body), 'in');
  return isObject(plain) && 'prepared_pdf' in plain ? { ...plain, prepared_pdf: standardPreparedPdf(plain.prepared_pdf) } : plain;
}

/** Whether a test may expect this code in the dialect: the alternate one keeps only the named codes. */
export const codeKept = (dialect: Dialect, code: string) => dialect === 'standard' || NAMED_CODES.has(code);
