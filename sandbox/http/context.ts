import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { AppKey, Scope } from '../keys.ts';
import type { Services } from '../services.ts';

export interface Reply {
  status: number;
  /** JSON body */
  body?: unknown;
  /** raw bytes or a stream, sent with `contentType` */
  raw?: Buffer | Readable;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Ctx {
  req: IncomingMessage;
  requestId: string;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** parsed JSON body (routes with body 'json') */
  body: unknown;
  key: AppKey | null;
  /** app the request acts for: the key's app, or the app behind an editor session */
  appId: string | null;
  /** the Idempotency-Key of this request, when the route takes one */
  idempotencyKey: string | null;
  /** streaming routes set this once the body is read, then ask for a replay */
  setFingerprint(fingerprint: string): Reply | null;
  services: Services;
  log: Logger;
}

export type Auth = 'key' | 'editor' | 'public' | 'control';

export interface RouteDef {
  /** operation name: idempotency keys are bound to it */
  id: string;
  /** `*`: any method, for paths that answer the same whatever is asked (retired ones) */
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | '*';
  path: string;
  auth: Auth;
  scope?: Scope;
  /** management endpoints answer SANDBOX_API_DISABLED on a production host */
  management?: boolean;
  /** where the Idempotency-Key may come from; absent: the route takes none */
  idempotency?: 'header' | 'header-or-body';
  body?: 'json' | 'stream' | 'none';
  /** query parameters the route accepts; any other is a 422 ('any': not checked) */
  query?: readonly string[] | 'any';
  handler(ctx: Ctx): Reply | Promise<Reply>;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ status, body, headers });
