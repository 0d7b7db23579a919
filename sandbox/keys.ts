import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './store/db.ts';

export const SCOPES = [
  'catalog:read',
  'categories:write',
  'workflows:archive',
  'documents:read',
  'documents:write',
  'documents:delete',
  'packages:create',
  'packages:read',
  'packages:archive',
  'requests:create',
  'requests:read',
  'requests:revise',
] as const;
export type Scope = (typeof SCOPES)[number];

export const REQUESTER_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type RequesterRole = (typeof REQUESTER_ROLES)[number];

export interface AppKey {
  appId: string;
  scopes: ReadonlySet<Scope>;
  requesterRole: RequesterRole;
  rateLimitPerMinute: number;
  keyHash: string;
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

// Keys are shown once and stored only as a hash, like a real key service does.
export class Keys {
  private readonly cache = new Map<string, AppKey | null>();

  constructor(private readonly db: Db) {}

  create(input: {
    appId: string;
    scopes: readonly Scope[];
    requesterRole: RequesterRole;
    rateLimitPerMinute: number;
    now: number;
  }): string {
    const apiKey = `sk_sandbox_${randomBytes(24).toString('base64url')}`;
    this.db
      .prepare(
        'INSERT INTO api_keys (key_hash, app_id, scopes, requester_role, rate_limit_per_minute, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        hashSecret(apiKey),
        input.appId,
        JSON.stringify(input.scopes),
        input.requesterRole,
        input.rateLimitPerMinute,
        input.now,
      );
    return apiKey;
  }

  find(apiKey: string): AppKey | null {
    const keyHash = hashSecret(apiKey);
    const cached = this.cache.get(keyHash);
    if (cached !== undefined) return cached;
    const row = this.db
      .prepare<[string], { app_id: string; scopes: string; requester_role: RequesterRole; rate_limit_per_minute: number }>(
        'SELECT app_id, scopes, requester_role, rate_limit_per_minute FROM api_keys WHERE key_hash = ?',
      )
      .get(keyHash);
    const key = row
      ? {
          appId: row.app_id,
          scopes: new Set(JSON.parse(row.scopes) as Scope[]),
          requesterRole: row.requester_role,
          rateLimitPerMinute: row.rate_limit_per_minute,
          keyHash,
        }
      : null;
    // Unknown keys are not cached, so a flood of random keys cannot grow this map.
    if (key) this.cache.set(keyHash, key);
    return key;
  }

  clearCache(): void {
    this.cache.clear();
  }
}
