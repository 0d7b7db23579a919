import { z } from 'zod';

export const faultRuleSchema = z.strictObject({
  method: z.enum(['GET', 'POST', 'PATCH', 'DELETE', '*']).default('*'),
  /** exact path, or a prefix ending in `*` */
  path: z.string().min(1).max(300),
  status: z.number().int().min(200).max(599).optional(),
  code: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/)
    .max(60)
    .optional(),
  message: z.string().max(300).optional(),
  retry_after: z.number().int().min(0).max(3600).optional(),
  times: z.number().int().min(1).max(10_000).optional(),
  latency_ms: z.number().int().min(0).max(60_000).optional(),
});
export type FaultRule = z.infer<typeof faultRuleSchema>;

export interface Fault {
  status?: number;
  code?: string;
  message?: string;
  retryAfter?: number;
  latencyMs?: number;
}

// Injected faults, consulted before a handler runs. A rule with `times` fires that many
// times and is then spent; without it, it fires until cleared.
export class Faults {
  private rules: (FaultRule & { left: number })[] = [];

  set(rules: FaultRule[]): void {
    this.rules = rules.map((r) => ({ ...r, left: r.times ?? Number.POSITIVE_INFINITY }));
  }

  /** Active rules; `remaining` says how many more times a counted rule will fire. */
  list(): (FaultRule & { remaining?: number })[] {
    return this.rules.filter((r) => r.left > 0).map(({ left, ...r }) => (Number.isFinite(left) ? { ...r, remaining: left } : r));
  }

  take(method: string, path: string): Fault | null {
    for (const rule of this.rules) {
      if (rule.left <= 0) continue;
      if (rule.method !== '*' && rule.method !== method) continue;
      const hit = rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path;
      if (!hit) continue;
      rule.left -= 1;
      return {
        status: rule.status,
        code: rule.code,
        message: rule.message,
        retryAfter: rule.retry_after,
        latencyMs: rule.latency_ms,
      };
    }
    return null;
  }
}
