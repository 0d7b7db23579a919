import type { NextRequest } from 'next/server';
import { measured } from '@/server/http/measured';
import { errorResponse, toHttpError } from '@/server/http/respond';
import { newRequestId } from '@/server/request-id';
import { answerUnsubscribe } from '@/server/notifications/unsubscribe-request';

type Context = { params: Promise<{ token: string }> };

// The address in a mail's List-Unsubscribe header (issue 37), open without a session. GET is a
// person's mail client opening it: it goes to the confirmation page and changes nothing (mail
// scanners open links too). POST unsubscribes (server/notifications/unsubscribe-request.ts).
export const GET = (req: NextRequest, { params }: Context) =>
  measured(req, async () => {
    const { token } = await params;
    return new Response(null, {
      status: 303,
      headers: { location: `/unsubscribe/${encodeURIComponent(token)}`, 'cache-control': 'no-store' },
    });
  });

export const POST = (req: NextRequest, { params }: Context) =>
  measured(req, async () => {
    const requestId = newRequestId();
    try {
      return await answerUnsubscribe(req, (await params).token);
    } catch (err) {
      return errorResponse(toHttpError(err, requestId), requestId);
    }
  });
