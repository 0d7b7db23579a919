import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { forbidden, notFound } from '../http/errors.ts';
import { json, type RouteDef } from '../http/context.ts';
import { assertJsonObject, parseWith } from '../http/validate.ts';
import type { Services } from '../services.ts';
import { GUEST_SESSION_TTL_MS, requestOtp, resolveGuestSession, verifyOtp } from '../domain/guest-auth.ts';
import type { PackageRecord } from '../domain/packages.ts';
import { guestSessionPruner } from '../domain/prune-guest-sessions.ts';
import { otpChallengePruner } from '../domain/prune-otp-challenges.ts';

const context = {
  email: z.email({ message: 'must be a valid e-mail address' }).max(254),
  requestId: z.string().min(1).max(100),
};

const authBody = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('request_otp'), ...context }),
    z.strictObject({
      action: z.literal('verify_otp'),
      ...context,
      code: z.string().regex(/^\d{6}$/, 'must be exactly six digits'),
    }),
  ],
  { message: 'action must be request_otp or verify_otp' },
);

// The only Bearer credentials this API issues are app keys, and recipient routes never take
// one: refused before anything else so a leaked key cannot even probe them.
function refuseAppKey(req: IncomingMessage) {
  if (/^Bearer\s/i.test(req.headers.authorization ?? '')) {
    throw forbidden(
      'APP_KEY_NOT_ALLOWED',
      'Recipient routes do not accept API keys; recipients authenticate with a one-time code.',
    );
  }
}

// Recipient sessions (spec section 4): OTP sign-in and the signing document.
export function recipientRoutes(services: Services): RouteDef[] {
  services.scheduler.register(otpChallengePruner(services));
  services.scheduler.register(guestSessionPruner(services));
  return [
    {
      id: 'guest.auth',
      method: 'POST',
      path: '/api/v1/guest/auth',
      auth: 'public',
      body: 'json',
      handler: (ctx) => {
        refuseAppKey(ctx.req);
        const input = parseWith(authBody, assertJsonObject(ctx.body));
        if (input.action === 'request_otp') {
          requestOtp(services, input.email, input.requestId);
          // Identical for signers and strangers: the answer never reveals who is a recipient.
          return json(202, { status: 'otp_sent_if_recipient' });
        }
        const { token, session } = verifyOtp(services, input.email, input.requestId, input.code);
        return json(
          200,
          { guest_session: token, expires_at: session.expires_at, package_id: session.package_id },
          {
            'Set-Cookie': `guest_session=${token}; HttpOnly; SameSite=Lax; Path=/api/v1/signing; Max-Age=${GUEST_SESSION_TTL_MS / 1000}`,
            'Cache-Control': 'no-store',
          },
        );
      },
    },
    {
      id: 'signing.document',
      method: 'GET',
      path: '/api/v1/signing/:id/document',
      auth: 'public',
      handler: (ctx) => {
        refuseAppKey(ctx.req);
        const session = resolveGuestSession(services, ctx.req);
        if (session.package_id !== ctx.params.id) {
          throw forbidden('GUEST_SESSION_FORBIDDEN', 'This guest session is for another signing request.');
        }
        const pkg = services.records.get<PackageRecord>('package', session.package_id);
        if (!pkg) throw notFound(`Signing request ${ctx.params.id}`);
        return {
          status: 200,
          raw: services.files.read(pkg.file),
          contentType: 'application/pdf',
          headers: { 'Cache-Control': 'no-store', 'Content-Disposition': `inline; filename="${pkg.template_id}.pdf"` },
        };
      },
    },
  ];
}
