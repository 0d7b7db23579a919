import 'server-only';
import { heldFor } from '../signing-api/client/upstream-budget';

/** How many of the user's requests this instance holds for the API's rate limit now; no upstream call. */
export function readQueue({ userId }: { userId: string }) {
  return { held: heldFor(userId) };
}
