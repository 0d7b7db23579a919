import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveQueriesVia, type ApiTransport } from './api-transport.ts';
import { ConsoleApiError } from './api-error.ts';
import { catalogItemQuery } from './catalog/queries.ts';
import { packagesListQuery } from './packages/queries.ts';

function recordingTransport(answer: () => Response) {
  const calls: { path: string; init: RequestInit }[] = [];
  const transport: ApiTransport = {
    fetch: async (path, init) => {
      calls.push({ path, init });
      return answer();
    },
  };
  return { transport, calls };
}

describe('query options off the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('run through the transport their client was given, with the same path and key as in the browser', async () => {
    const browserFetch = vi.fn();
    vi.stubGlobal('fetch', browserFetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { transport, calls } = recordingTransport(() => Response.json({ id: 'cat_hr', name: 'HR' }));
    serveQueriesVia(client, transport);

    const options = catalogItemQuery('categories', 'cat:hr');
    await client.prefetchQuery(options);

    expect(client.getQueryData(options.queryKey)).toEqual({ id: 'cat_hr', name: 'HR' });
    expect(calls.map((c) => c.path)).toEqual(['/api/categories/cat%3Ahr']);
    expect(new Headers(calls[0]!.init.headers).get('accept')).toBe('application/json');
    expect(browserFetch).not.toHaveBeenCalled();
  });

  it('keep the query string the browser would send', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { transport, calls } = recordingTransport(() => Response.json({ data: [], pagination: { page: 2, size: 25, total: 0, pages: 0 } }));
    serveQueriesVia(client, transport);
    await client.prefetchQuery(packagesListQuery({ page: 2, size: 25, q: 'NDA', status: 'sent' }));
    expect(calls.map((c) => c.path)).toEqual(['/api/packages?page=2&size=25&q=NDA&status=sent']);
  });

  it('turn a refusal into a ConsoleApiError without sending anyone to sign-in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { pathname: '/', search: '', assign } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { transport } = recordingTransport(() =>
      Response.json({ error: { code: 'UNAUTHENTICATED', message: 'Sign in again.' } }, { status: 401 }),
    );
    serveQueriesVia(client, transport);

    const error = await client.fetchQuery(catalogItemQuery('categories', 'cat_hr')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConsoleApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('leave a client without a transport on the browser’s fetch', async () => {
    const browserFetch = vi.fn(async () => Response.json({ id: 'cat_hr' }));
    vi.stubGlobal('fetch', browserFetch);
    vi.stubGlobal('window', { location: { pathname: '/', search: '', assign: vi.fn() } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await client.prefetchQuery(catalogItemQuery('categories', 'cat_hr'));
    expect(browserFetch).toHaveBeenCalledWith('/api/categories/cat_hr', expect.objectContaining({ credentials: 'same-origin' }));
  });
});
