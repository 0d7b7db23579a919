import { z } from 'zod';
import { json, type RouteDef } from '../http/context.ts';
import { parseWith, assertJsonObject } from '../http/validate.ts';
import { faultRuleSchema } from '../faults.ts';
import { REQUESTER_ROLES, SCOPES } from '../keys.ts';
import type { Services } from '../services.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { controlActionRoutes } from './control-actions.ts';

const keyBody = z.strictObject({
  app_id: z.string().regex(/^[A-Za-z0-9_.:-]{3,64}$/, 'must be 3-64 letters, digits, period, underscore, colon or hyphen'),
  scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length),
  requester_role: z.enum(REQUESTER_ROLES).default('admin'),
  /** 0 disables rate limiting for this key (benchmarks) */
  rate_limit_per_minute: z.number().int().min(0).max(10_000_000).optional(),
});

// The control plane of DESIGN.md section 4: outside /api/v1, behind X-Sandbox-Control.
export function controlRoutes(services: Services): RouteDef[] {
  const base = { auth: 'control' as const, body: 'json' as const };
  return [
    {
      ...base,
      id: 'control.keys',
      method: 'POST',
      path: '/__sandbox/keys',
      handler: (ctx) => {
        const input = parseWith(keyBody, assertJsonObject(ctx.body));
        const rateLimitPerMinute = input.rate_limit_per_minute ?? services.defaultRateLimitPerMinute;
        const apiKey = services.keys.create({
          appId: input.app_id,
          scopes: input.scopes,
          requesterRole: input.requester_role,
          rateLimitPerMinute,
          now: services.clock.now(),
        });
        // The limit is answered with the key: operators divide it among the console's instances.
        return json(201, {
          api_key: apiKey,
          app_id: input.app_id,
          scopes: input.scopes,
          requester_role: input.requester_role,
          rate_limit_per_minute: rateLimitPerMinute,
        });
      },
    },
    {
      ...base,
      id: 'control.clock',
      method: 'POST',
      path: '/__sandbox/clock',
      handler: (ctx) => {
        const input = parseWith(
          z.strictObject({
            advance_seconds: z
              .number()
              .int()
              .min(1)
              .max(10 * 365 * 86_400),
          }),
          assertJsonObject(ctx.body),
        );
        services.clock.advance(input.advance_seconds);
        services.scheduler.poke();
        services.scheduler.maybeRun(services.clock.now());
        return json(200, { now: services.clock.iso() });
      },
    },
    {
      ...base,
      id: 'control.clock.read',
      method: 'GET',
      path: '/__sandbox/clock',
      body: 'none',
      handler: () => json(200, { now: services.clock.iso() }),
    },
    {
      ...base,
      id: 'control.stats',
      method: 'GET',
      path: '/__sandbox/stats',
      body: 'none',
      // What reached the API under each app's keys: benchmarks divide it by the console's requests.
      handler: () => json(200, { requests_by_app: Object.fromEntries(services.requestsByApp) }),
    },
    {
      ...base,
      id: 'control.faults',
      method: 'POST',
      path: '/__sandbox/faults',
      handler: (ctx) => {
        const input = parseWith(z.strictObject({ rules: z.array(faultRuleSchema).max(50) }), assertJsonObject(ctx.body));
        services.faults.set(input.rules);
        return json(200, { rules: services.faults.list() });
      },
    },
    {
      ...base,
      id: 'control.faults.read',
      method: 'GET',
      path: '/__sandbox/faults',
      body: 'none',
      handler: () => json(200, { rules: services.faults.list() }),
    },
    {
      ...base,
      id: 'control.mode',
      method: 'POST',
      path: '/__sandbox/mode',
      handler: (ctx) => {
        const input = parseWith(z.strictObject({ production: z.boolean() }), assertJsonObject(ctx.body));
        services.setProduction(input.production);
        return json(200, { production: services.isProduction() });
      },
    },
    {
      ...base,
      id: 'control.config',
      method: 'POST',
      path: '/__sandbox/config',
      handler: (ctx) => {
        const input = parseWith(z.strictObject({ upload_capacity: z.number().int().min(0).max(64) }), assertJsonObject(ctx.body));
        services.uploads.capacity = input.upload_capacity;
        return json(200, { upload_capacity: services.uploads.capacity });
      },
    },
    {
      ...base,
      id: 'control.reset',
      method: 'POST',
      path: '/__sandbox/reset',
      // Keys survive a reset: they are the control plane's provisioning, not app state.
      handler: async () => {
        services.db.exec('DELETE FROM records; DELETE FROM idempotency; DELETE FROM meta;');
        for (const name of services.files.list()) services.files.remove(name);
        services.faults.set([]);
        services.rateLimiter.reset();
        services.setProduction(false);
        services.clock.reset();
        await seedIfEmpty(services);
        services.scheduler.poke();
        return json(200, { reset: true, now: services.clock.iso() });
      },
    },
    ...controlActionRoutes(services),
  ];
}
