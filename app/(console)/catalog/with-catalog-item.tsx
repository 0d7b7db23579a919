import { HydrationBoundary } from '@tanstack/react-query';
import { catalogItemQuery, type CatalogKind } from '@/lib/catalog/queries';
import { prefetched } from '@/server/http/prefetch';

/**
 * Renders a catalog record's page with the record already there: read on the server through
 * the same query the page's component runs, so the browser shows it at once and asks again
 * only once it is stale. A slow or failed read leaves the page to load it as before.
 */
export async function WithCatalogItem({ kind, id, children }: { kind: CatalogKind; id: string; children: React.ReactNode }) {
  const state = await prefetched((client) => [client.prefetchQuery(catalogItemQuery(kind, id))]);
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
