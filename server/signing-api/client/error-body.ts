import 'server-only';
import { z } from 'zod';
import type { ErrorDetail } from '@/lib/api-error';

// The spec does not show the error body (section 7). A host may answer with our sandbox's
// envelope, RFC 9457 problem+json, plain text or nothing: the console reads what it can and
// decides on the status and the spec's named codes, never on the body's shape.

/** What a code looks like; anything else (a sentence, a key) is no code. */
export const ERROR_CODE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export interface UpstreamErrorBody {
  /** the host's code, when it gave one */
  code: string | null;
  message: string;
  details: ErrorDetail[];
}

/** What each status means by the spec's table, for an answer that says nothing more. */
const MEANING: Record<number, string> = {
  400: 'an invalid operation or layout',
  401: 'an invalid or expired credential',
  403: 'access denied',
  404: 'not found',
  409: 'a stale version, an active use or an idempotency conflict',
  410: 'a retired endpoint',
  422: 'invalid input',
  429: 'rate limited',
  503: 'temporarily unavailable',
};

/**
 * The console's code for an answer that named none: what the status alone says (section 7),
 * so the browser's decisions rest on what every host answers alike.
 */
const BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'GONE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};
export const codeForStatus = (status: number) => BY_STATUS[status] ?? 'UPSTREAM_ERROR';

const text = z.string().trim().min(1);
const detailItem = z.looseObject({
  path: z.string().optional(),
  pointer: z.string().optional(),
  field: z.string().optional(),
  name: z.string().optional(),
  message: z.string().optional(),
  detail: z.string().optional(),
  reason: z.string().optional(),
});
const envelope = z.object({
  error: z.looseObject({ code: z.string().optional(), message: text.optional(), details: z.array(detailItem).optional() }),
});
const problem = z.looseObject({
  type: z.string().optional(),
  title: text.optional(),
  detail: text.optional(),
  code: z.string().optional(),
  errors: z.array(detailItem).optional(),
  'invalid-params': z.array(detailItem).optional(),
});

/** "/recipients/0/email", "#/a~1b" and "recipients[0].email" all become "recipients.0.email". */
function dottedPath(item: z.infer<typeof detailItem>): string {
  const raw = item.pointer ?? item.path ?? item.field ?? item.name ?? '';
  if (raw.startsWith('/') || raw.startsWith('#/'))
    return raw
      .replace(/^#/, '')
      .split('/')
      .slice(1)
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
      .join('.');
  return raw.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

function detailOf(item: z.infer<typeof detailItem>): ErrorDetail {
  const { path: _path, pointer: _pointer, field: _field, name: _name, message, detail, reason, ...extras } = item;
  return { ...extras, path: dottedPath(item), message: message ?? detail ?? reason ?? '' };
}

/** "https://host/problems/workflow-in-use" names WORKFLOW_IN_USE; "about:blank" names nothing. */
function codeOfType(type: string | undefined): string | undefined {
  if (!type || type === 'about:blank') return undefined;
  const last = type.split(/[/#:]/).filter(Boolean).pop();
  return last?.replace(/[-\s]+/g, '_').toUpperCase();
}

const codeOr = (code: string | undefined) => (code && ERROR_CODE.test(code) ? code : null);
const fallback = (status: number) => `The Signing API answered ${status}${MEANING[status] ? ` (${MEANING[status]})` : ''}.`;

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

export function readErrorBody(status: number, contentType: string | null, body: string): UpstreamErrorBody {
  const json = parseJson(body);
  const asEnvelope = envelope.safeParse(json);
  if (asEnvelope.success) {
    const { code, message, details } = asEnvelope.data.error;
    return { code: codeOr(code), message: message ?? fallback(status), details: (details ?? []).map(detailOf) };
  }
  const asProblem = json !== null && typeof json === 'object' && !Array.isArray(json) && !('error' in json) ? problem.safeParse(json) : null;
  if (asProblem?.success) {
    const p = asProblem.data;
    return {
      code: codeOr(p.code ?? codeOfType(p.type)),
      message: p.detail ?? p.title ?? fallback(status),
      details: [...(p.errors ?? []), ...(p['invalid-params'] ?? [])].map(detailOf),
    };
  }
  // Plain text written for people (one short line), never markup or a serialised object.
  const line = json === undefined && !/html|xml/i.test(contentType ?? '') ? body.trim() : '';
  const readable = line.length > 0 && line.length <= 300 && !line.includes('\n') && !/^</.test(line);
  return { code: null, message: readable ? line : status >= 500 ? `The Signing API answered ${status}.` : fallback(status), details: [] };
}
