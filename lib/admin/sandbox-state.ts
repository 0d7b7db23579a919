import { z } from 'zod';

// What the sandbox's control plane answers about its clock and faults, as the panel's route
// reads it. Loose objects: fields the control plane adds later pass through to the panel.

export const sandboxClockSchema = z.looseObject({ now: z.string() });

export const activeFaultRuleSchema = z.looseObject({
  method: z.enum(['GET', 'POST', 'PATCH', 'DELETE', '*']).optional(),
  path: z.string(),
  // A rule may carry a status, a delay, or both.
  status: z.number().int().optional(),
  code: z.string().optional(),
  retry_after: z.number().int().optional(),
  times: z.number().int().optional(),
  latency_ms: z.number().int().optional(),
  /** the call commits first; then `status` answers, or with `drop` nothing does */
  after_commit: z.boolean().optional(),
  drop: z.boolean().optional(),
  /** how many more times a counted rule fires; absent on a rule that fires until cleared */
  remaining: z.number().int().min(0).optional(),
});
export type ActiveFaultRule = z.infer<typeof activeFaultRuleSchema>;

export const sandboxFaultsSchema = z.looseObject({ rules: z.array(activeFaultRuleSchema) });
