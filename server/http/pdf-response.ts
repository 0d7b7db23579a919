import 'server-only';

/** Streams an upstream PDF to the browser without buffering it, never cached by proxies. */
export function pdfResponse(upstream: Response, filename: string): Response {
  const headers = new Headers({
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'cache-control': 'private, no-store',
  });
  const length = upstream.headers.get('content-length');
  if (length) headers.set('content-length', length);
  return new Response(upstream.body, { status: 200, headers });
}
