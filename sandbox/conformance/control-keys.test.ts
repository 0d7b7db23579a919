import { describe, expect, it } from 'vitest';
import { SCOPES } from '../keys.ts';
import { sandboxForFile } from './sandbox-for-file.ts';

// An operator sets each console instance's share of the key's limit: the key's answer is the
// only place that says what the limit is.
const sb = sandboxForFile();

describe('POST /__sandbox/keys', () => {
  it('answers the key with its app, scopes, role and rate limit', async () => {
    const reply = await sb.control('/keys', { app_id: 'app_limit_told', scopes: ['catalog:read'], rate_limit_per_minute: 120 });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      api_key: expect.stringMatching(/^sk_sandbox_/),
      app_id: 'app_limit_told',
      scopes: ['catalog:read'],
      requester_role: 'admin',
      rate_limit_per_minute: 120,
    });
  });

  it('states the sandbox’s default limit when none was asked for', async () => {
    const reply = await sb.control('/keys', { app_id: 'app_limit_default', scopes: [...SCOPES] });
    expect(reply.status).toBe(201);
    expect(reply.body.scopes).toEqual([...SCOPES]);
    expect(reply.body.rate_limit_per_minute).toBe(sb.sandbox.services.defaultRateLimitPerMinute);
  });
});
