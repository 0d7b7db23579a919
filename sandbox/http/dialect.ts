import { Readable } from 'node:stream';
import type { Reply } from './context.ts';
import { mapIds, mapIdsInString } from './dialect-ids.ts';

// The spec leaves the error body, most error codes, Retry-After's form and extra record fields
// open (section 7). SANDBOX_DIALECT=alternate answers every one of those differently from the
// standard dialect, so the console's suites can prove it relies on the spec alone: errors are
// RFC 9457 problem+json, only the spec's named codes survive, Retry-After is an HTTP date and
// every API object carries a field the spec does not name, and what callers create has
// identifiers of another shape (dialect-ids.ts).
export type Dialect = 'standard' | 'alternate';
export const DIALECTS = ['standard', 'alternate'] as const;

/** The codes the spec names (section 7): every dialect keeps them. */
export const NAMED_CODES = new Set(['SANDBOX_API_DISABLED', 'PACKAGE_NOT_CLOSED', 'WORKFLOW_IN_USE', 'ENDPOINT_RETIRED', 'UPLOAD_BUSY']);

/** Maps the API does not own (what the caller sent, a schema): no extra field goes in them. */
const CALLER_MAPS = new Set(['form_data', 'sender_values', 'values', 'schema', 'properties', 'layout_values']);
const EXTRA = 'x_alt_trace';

const isJson = (type: string | undefined) => !type || /json/i.test(type);
const kebab = (code: string) => code.toLowerCase().replaceAll('_', '-');

/**
 * Record fields the spec does not name, said otherwise wherever the record appears (a list, a
 * detail, a create's answer): a document's digest and a package's sending time. The console
 * must show what it can without them.
 */
function renamed(record: Record<string, unknown>): Record<string, unknown> {
  if ('logical_purpose' in record && typeof record.sha256 === 'string') {
    const { sha256, ...rest } = record;
    return { ...rest, checksum: `sha256:${sha256}` };
  }
  if ('invitation_status' in record && 'sent_at' in record) {
    const { sent_at, ...rest } = record;
    return { ...rest, queued_at: sent_at };
  }
  return record;
}

function withExtras(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withExtras(v));
  if (value === null || typeof value !== 'object') return value;
  if (key && CALLER_MAPS.has(key)) return value;
  const entries = Object.entries(renamed(value as Record<string, unknown>)).map(([k, v]) => [k, CALLER_MAPS.has(k) ? v : withExtras(v, k)] as const);
  return { ...Object.fromEntries(entries), [EXTRA]: { dialect: 'alternate' } };
}

interface Envelope {
  error: { code: string; message: string; details?: { path: string; message: string; [k: string]: unknown }[]; request_id?: string };
}
const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === 'object' && v !== null && 'error' in v && typeof (v as Envelope).error?.code === 'string';

function problemOf(status: number, { error }: Envelope) {
  const named = NAMED_CODES.has(error.code);
  return {
    type: named ? `https://problems.signing.example/${kebab(error.code)}` : 'about:blank',
    title: named ? error.code.replaceAll('_', ' ').toLowerCase() : `HTTP ${status}`,
    status,
    detail: mapIdsInString(error.message, 'out'),
    ...(named ? { code: error.code } : {}),
    ...(error.request_id ? { instance: `urn:request:${error.request_id}` } : {}),
    errors: (error.details ?? []).map(({ path, message, ...extras }) => ({
      ...extras,
      pointer: path ? `/${path.split('.').map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}` : '',
      detail: message,
    })),
  };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Record fields the spec does not name, said otherwise or not at all, per answer. The preview
 * keeps what section 2 names (the receipt, a version, `prepared_pdf`) and loses the rest.
 */
const RESHAPE: Record<string, (body: Json) => Json> = {
  'POST /api/v1/signature-packages/preview': ({ template_id: _t, expires_at: _e, version_number: _n, prepared_pdf, ...rest }) => {
    const pdf = isObject(prepared_pdf) ? prepared_pdf : {};
    const { page_count, size_bytes, sha256, ...other } = pdf;
    return { ...rest, prepared_pdf: { ...other, pages: page_count, bytes: size_bytes, checksum: typeof sha256 === 'string' ? `sha256:${sha256}` : undefined } };
  },
};

/**
 * A control-plane reply in the alternate dialect: its own shape, but the same identifiers the
 * API gives, so what the panel acts on is what the console shows.
 */
export function alternateControlReply(reply: Reply): Reply {
  if (reply.raw instanceof Readable || reply.status === 204 || !isJson(reply.contentType)) return reply;
  const json: unknown = reply.raw ? JSON.parse(reply.raw.toString('utf8')) : reply.body;
  return { ...reply, body: undefined, raw: Buffer.from(JSON.stringify(mapIds(json, 'out'))), contentType: 'application/json; charset=utf-8' };
}

/** The reply as the alternate dialect says it; `now` is the sandbox clock (its Date header). */
export function alternateReply(reply: Reply, now: number, method = 'GET', path = ''): Reply {
  const headers = { ...reply.headers };
  const wait = headers['Retry-After'];
  if (wait !== undefined && /^\d+$/.test(wait)) headers['Retry-After'] = new Date(now + Number(wait) * 1000).toUTCString();
  if (reply.raw instanceof Readable || reply.status === 204 || !isJson(reply.contentType)) return { ...reply, headers };
  const json: unknown = reply.raw ? JSON.parse(reply.raw.toString('utf8')) : reply.body;
  if (reply.status >= 400 && isEnvelope(json))
    return { status: reply.status, raw: Buffer.from(JSON.stringify(mapIds(problemOf(reply.status, json), 'out'))), contentType: 'application/problem+json', headers };
  const reshape = reply.status < 300 && isObject(json) ? RESHAPE[`${method} ${path}`] : undefined;
  const body = mapIds(reshape ? reshape(json as Json) : json, 'out');
  return { status: reply.status, raw: Buffer.from(JSON.stringify(withExtras(body))), contentType: 'application/json; charset=utf-8', headers };
}
