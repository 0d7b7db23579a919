import 'server-only';
import type { ErrorDetail } from '@/lib/api-error';

/**
 * A refusal of the console's own, raised wherever a rule is decided (a use case, the session,
 * the journal): the status, code, message and details reach the browser as they are. Only
 * http/respond.ts turns it (and every other error) into a response.
 */
export class ConsoleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
