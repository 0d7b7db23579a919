import 'server-only';
import type { Kysely } from 'kysely';
import { RECIPIENT_EMAIL_TAKEN } from '@/lib/recipients/codes';
import type { Recipient } from '@/lib/recipients/schemas';
import type { Database } from '../db/schema';
import { ConsoleError } from '../errors';
import { emailKey, inBook, readRecipient, recipientChanged, recipientNotFound, searchTextOf } from './recipient-record';

export interface UpdateRecipientOptions {
  db: Kysely<Database>;
  id: string;
  /** checked by recipientUpdateSchema: the phone in E.164 or none */
  input: { name: string; email: string; phone: string | null; version: number };
  now?: Date;
}

const emailTaken = (email: string) =>
  new ConsoleError(
    409,
    RECIPIENT_EMAIL_TAKEN,
    `The book already has ${email} as another recipient. Edit or delete that one instead.`,
    [{ path: 'email', message: 'Another recipient in the book has this address' }],
  );

const holds = (r: Recipient, input: UpdateRecipientOptions['input']) =>
  r.name === input.name && r.email === input.email && r.phone === input.phone;

/**
 * Edits an entry over the version the page showed. An entry already holding these values is
 * the answer as it is (a Save repeated after a lost answer, or the same fix made by someone
 * else); other values saved meanwhile are a 409, never overwritten; an address another entry
 * has is a 409 on the e-mail.
 */
export async function updateRecipient({ db, id, input, now = new Date() }: UpdateRecipientOptions): Promise<Recipient> {
  const current = await readRecipient(db, id);
  if (!current) throw recipientNotFound();
  const { team_id: book, ...entry } = current;
  if (holds(entry, input)) return entry;
  if (current.version !== input.version) throw recipientChanged(current);
  const key = emailKey(input.email);
  const taken = () =>
    db
      .selectFrom('recipients')
      .select('id')
      .where('email_key', '=', key)
      .where(inBook(book))
      .where('id', '!=', id)
      .executeTakeFirst();
  if (await taken()) throw emailTaken(input.email);
  let changed: bigint;
  try {
    ({ numUpdatedRows: changed } = await db
      .updateTable('recipients')
      .set({
        name: input.name,
        email: input.email,
        email_key: key,
        phone: input.phone,
        search_text: searchTextOf(input.name, input.email),
        source: 'edit',
        version: input.version + 1,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('version', '=', input.version)
      .executeTakeFirst());
  } catch (err) {
    // A send or an import gave another entry this address meanwhile: the unique index refused it.
    if (await taken()) throw emailTaken(input.email);
    throw err;
  }
  const read = await readRecipient(db, id);
  if (!read) throw recipientNotFound();
  const { team_id: _book, ...after } = read;
  // Raced by another edit between the read and the write: the version check let only one through.
  if (Number(changed) === 0 && !holds(after, input)) throw recipientChanged(after);
  return after;
}
