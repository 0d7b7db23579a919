import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { clientAddress, isSameOrigin } from '../auth/request-info';
import { db } from '../db';
import { ConsoleError } from '../errors';
import { unsubscribe } from './unsubscribe';
import { verifyingSecrets } from './unsubscribe-links';

// POST /api/unsubscribe/{token}, open without a session (issue 37). Two callers: the confirmation
// page's button (a same-origin form post, `confirm=page`: answered by going back to the page) and
// a mail provider's one-click (RFC 8058: `List-Unsubscribe=One-Click`, from its servers, without
// an Origin: answered in JSON). The token is the whole authority. A request from another site's
// page (a foreign Origin, or Sec-Fetch-Site cross-site) is refused as on every other route; only
// the absence of an Origin is allowed here, and only a valid token changes anything.

const MAX_BODY = 1024;
const tokenSchema = z
  .string()
  .min(3)
  .max(600)
  .regex(/^[A-Za-z0-9_.-]+$/);

export async function answerUnsubscribe(req: NextRequest, rawToken: string | string[] | undefined): Promise<Response> {
  const hasOrigin = req.headers.get('origin') !== null || req.headers.get('sec-fetch-site') !== null;
  if (hasOrigin && !isSameOrigin(req.headers))
    throw new ConsoleError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are refused.');
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY)
    throw new ConsoleError(413, 'PAYLOAD_TOO_LARGE', `An unsubscribe request is at most ${MAX_BODY} bytes.`);
  const text = await req.text();
  if (text.length > MAX_BODY)
    throw new ConsoleError(413, 'PAYLOAD_TOO_LARGE', `An unsubscribe request is at most ${MAX_BODY} bytes.`);
  const form = new URLSearchParams(text);
  const fromPage = form.get('confirm') === 'page';
  if (!fromPage && form.get('List-Unsubscribe') !== 'One-Click')
    throw new ConsoleError(
      400,
      'VALIDATION_FAILED',
      'Send List-Unsubscribe=One-Click (RFC 8058), or use the button on the link’s page.',
      [{ path: 'List-Unsubscribe', message: 'must be One-Click' }],
    );
  const token = tokenSchema.safeParse(rawToken);
  const outcome = token.success
    ? await unsubscribe(await db(), token.data, verifyingSecrets(), new Date(), clientAddress(req.headers))
    : ({ state: 'invalid' } as const);
  if (outcome.state === 'invalid')
    throw new ConsoleError(
      404,
      'UNSUBSCRIBE_LINK_INVALID',
      'This unsubscribe link is not valid: it was altered or was never made by this console.',
    );
  if (fromPage)
    return new Response(null, {
      status: 303,
      headers: {
        location: `/unsubscribe/${token.data}${outcome.state === 'done' ? '?result=done' : ''}`,
        'cache-control': 'no-store',
      },
    });
  return Response.json({ state: outcome.state, label: outcome.label }, { headers: { 'cache-control': 'no-store' } });
}
