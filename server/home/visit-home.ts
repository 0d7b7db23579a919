import 'server-only';
import { db } from '../db';
import { apiNow } from '../signing-api/client/upstream-clock';
import { noteHomeVisit } from './home-visits';

/**
 * A view of Home is a visit, timed now on the API's clock, as the packages' times are. What
 * comes back notes it, for the page to run once it is on its way (a database write per first
 * view would otherwise hold every page of a morning's rush), which is still before the browser
 * has asked for home's sections, so "since you last looked" means the visit before this one.
 */
export function visitHome({ userId }: { userId: string }): () => Promise<void> {
  const at = apiNow();
  return async () => noteHomeVisit(await db(), userId, at);
}
