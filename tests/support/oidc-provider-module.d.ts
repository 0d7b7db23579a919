// The few parts of `oidc-provider` (which ships no types) that the tests' provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface ProviderContext {
    oidc: { client?: { clientId: string }; session?: { accountId?: string }; provider: Provider };
  }

  export interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    findAccount?(ctx: ProviderContext, id: string): Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required(): boolean };
    cookies?: { keys: string[] };
    loadExistingGrant?(ctx: ProviderContext): Promise<Grant | undefined>;
    ttl?: Record<string, number>;
    jwks?: { keys: Record<string, unknown>[] };
  }

  /** Koa's context, as far as a middleware of the tests reads and rewrites an answer. */
  export interface MiddlewareContext {
    path: string;
    body: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: new (init: { clientId: string; accountId: string }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: MiddlewareContext, next: () => Promise<void>) => Promise<void>): void;
  }
}
