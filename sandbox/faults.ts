import { z } from 'zod';

export const faultRuleSchema = z
  .strictObject({
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
    /**
     * Let the handler run and commit (its idempotent reply stored), then replace its 2xx
     * answer: the outcome a client cannot tell from a lost request unless it replays the key.
     */
    after_commit: z.boolean().default(false),
    /** with after_commit: close the connection without sending a byte, instead of `status` */
    drop: z.boolean().default(false),
  })
  .refine((r) => !r.drop || r.after_commit, { path: ['drop'], message: 'needs after_commit: true' })
  .refine((r) => !r.drop || r.status === undefined, { path: ['drop'], message: 'cannot be combined with status' });
export type FaultRule = z.infer<typeof faultRuleSchema>;

export interface Fault {
  status?: number;
  code?: string;
  message?: string;
  retryAfter?: number;
  latencyMs?: number;
  drop: boolean;
}

/** Thrown to close the connection without an answer (an after_commit rule with drop). */
export class AnswerDropped extends Error {}

/** `before`: consulted before the handler runs; `after_commit`: once it has answered 2xx. */
export type FaultPhase = 'before' | 'after_commit';

// Injected faults. A rule with `times` fires that many times and is then spent; without it,
// it fires until cleared. Each rule belongs to one phase, so an after_commit rule is spent
// only by a request that actually committed.
export class Faults {
  private rules: (FaultRule & { left: number })[] = [];

  set(rules: FaultRule[]): void {
    this.rules = rules.map((r) => ({ ...r, left: r.times ?? Number.POSITIVE_INFINITY }));
  }

  /** Active rules; `remaining` says how many more times a counted rule will fire. */
  list(): (FaultRule & { remaining?: number })[] {
    return this.rules.filter((r) => r.left > 0).map(({ left, ...r }) => (Number.isFinite(left) ? { ...r, remaining: left } : r));
  }

  take(method: string, path: string, phase: FaultPhase = 'before'): Fault | null {
    for (const rule of this.rules) {
      if (rule.left <= 0) continue;
      if (rule.after_commit !== (phase === 'after_commit')) continue;
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
        drop: rule.drop,
      };
    }
    return null;
  }
}
