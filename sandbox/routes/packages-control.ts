import { z } from 'zod';
import { json, type RouteDef } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { Services } from '../services.ts';
import { PACKAGE_ACTIONS, applyAction } from '../domain/package-lifecycle.ts';
import { packageView, type PackageRecord } from '../domain/packages.ts';

const actionBody = z.strictObject({
  action: z.enum(PACKAGE_ACTIONS, { message: `must be one of ${PACKAGE_ACTIONS.join(', ')}` }),
  signer_slot_id: z.string().min(1).max(100).optional(),
  reason: z.string().trim().min(1).max(500).optional(),
});

// The recipients' side of a package, which no API key can reach: delivery, signing,
// declining, expiry. Any app's package, since the control plane stands for the world.
export function packageControlRoutes(services: Services): RouteDef[] {
  return [
    {
      id: 'control.packages.actions',
      method: 'POST',
      path: '/__sandbox/signature-packages/:id/actions',
      auth: 'control',
      body: 'json',
      handler: (ctx) => {
        const input = parseWith(actionBody, assertJsonObject(ctx.body));
        const { records, clock } = services;
        const updated = records.tx(() => {
          const pkg = records.get<PackageRecord>('package', ctx.params.id!);
          if (!pkg) throw notFound(`Signature package ${ctx.params.id}`);
          const next = applyAction(pkg, input.action, { slotId: input.signer_slot_id, reason: input.reason }, clock.now());
          return records.update<PackageRecord>('package', next);
        });
        services.scheduler.poke();
        return json(200, packageView(updated));
      },
    },
  ];
}
