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

declare const committed: unique symbol;

/**
 * A reply whose writes and stored idempotent copy were committed in one transaction
 * (Ctx.commit), or the replay of such a reply. Idempotent routes must answer with one, so
 * the compiler refuses a mutation that would store its reply after its write.
 */
export type Committed = Reply & { readonly [committed]: true };

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
  setFingerprint(fingerprint: string): Committed | null;
  /**
   * Runs the operation's final, synchronous writes and stores the reply they produce against
   * the Idempotency-Key in ONE transaction: a crash can then keep neither the write without
   * its reply (a retry would do it twice, or fail on its own earlier write) nor the reply
   * without the write. Checks that may fail go first, or inside `write` (a throw rolls back).
   */
  commit(write: () => Reply): Committed;
  services: Services;
  log: Logger;
}

export type Auth = 'key' | 'editor' | 'public' | 'control';

interface RouteBase {
  /** operation name: idempotency keys are bound to it */
  id: string;
  /** `*`: any method, for paths that answer the same whatever is asked (retired ones) */
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | '*';
  path: string;
  auth: Auth;
  scope?: Scope;
  /** management endpoints answer SANDBOX_API_DISABLED on a production host */
  management?: boolean;
  body?: 'json' | 'stream' | 'none';
  /** query parameters the route accepts; any other is a 422 ('any': not checked) */
  query?: readonly string[] | 'any';
}

export type RouteDef =
  | (RouteBase & { idempotency?: undefined; handler(ctx: Ctx): Reply | Promise<Reply> })
  | (RouteBase & {
      /** where the Idempotency-Key comes from; such a route answers through ctx.commit */
      idempotency: 'header' | 'header-or-body';
      handler(ctx: Ctx): Committed | Promise<Committed>;
    });

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({ status, body, headers });
