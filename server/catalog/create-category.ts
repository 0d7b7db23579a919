import 'server-only';
import { SigningApiError, explainingRefusal } from '../signing-api/client/errors';
import { listCatalog, postCategory } from '../signing-api/catalog';

type CategoryInput = { name: string; description: string };

export interface CreateCategoryOptions {
  input: CategoryInput;
  /** the browser's key for this submitted form */
  idempotencyKey: string;
}

/** Creates a category; a refusal over a name an active category holds says which one. */
export async function createCategory({ input, idempotencyKey }: CreateCategoryOptions) {
  return explainingRefusal(postCategory(input, idempotencyKey), [409, 422], (err) => nameTaken(input, err));
}

const fold = (name: string) => name.trim().toLocaleLowerCase('en');

/**
 * A refused category told by a fresh read, not by the API's code: an active category of the
 * same name (compared without case) holds it. One with this very description may be this
 * very category, still being written under the same key: then there is nothing to explain.
 */
async function nameTaken(input: CategoryInput, err: SigningApiError): Promise<SigningApiError | null> {
  const found = await listCatalog('categories', { q: input.name.trim(), size: 100 }, { fresh: true }).catch(() => null);
  const holder = found?.data.find((c) => c.status !== 'archived' && fold(c.name) === fold(input.name));
  if (!holder || holder.description === input.description) return null;
  return new SigningApiError(
    409,
    'CATEGORY_NAME_TAKEN',
    `An active category is already named “${holder.name}”.`,
    [{ path: 'name', message: `already used by the active category “${holder.name}”` }],
    null,
    err.requestId,
  );
}
