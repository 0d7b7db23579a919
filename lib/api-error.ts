// The error body of DESIGN.md section 3, used by the sandbox, the console's /api routes and
// the browser, which reads it back to show messages and map field errors. Every page loads
// this module (lib/api-client.ts), so it reads the body by hand rather than with zod: the
// schema itself lives in lib/api-error-schema.ts for the server, and a unit test keeps the
// two in agreement.

export interface ErrorDetail {
  path: string;
  message: string;
  [extra: string]: unknown;
}

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: ErrorDetail[];
    request_id?: string;
    [extra: string]: unknown;
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const isDetail = (v: unknown): v is ErrorDetail => isRecord(v) && typeof v.path === 'string' && typeof v.message === 'string';

/** The body as an ErrorBody when it has that shape (extra keys kept, as zod's looseObject does), else null. */
export function readErrorBody(json: unknown): ErrorBody | null {
  if (!isRecord(json) || !isRecord(json.error)) return null;
  const { code, message, details, request_id: requestId } = json.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (details !== undefined && !(Array.isArray(details) && details.every(isDetail))) return null;
  if (requestId !== undefined && typeof requestId !== 'string') return null;
  return {
    error: { ...json.error, code, message, ...(details === undefined ? {} : { details: details.map((d) => ({ ...d })) }) },
  };
}

/** What the browser sees of a failed console call. */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}
