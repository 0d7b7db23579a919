import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { receiptHash, type RecordedSigner } from '../send-records/send-record';
import { emailKey, newRecipientId, searchTextOf } from './recipient-record';

export interface RememberRecipientsOptions {
  db: Kysely<Database>;
  /** the receipt of the send: its preview's record holds the recipients as the sender typed them */
  previewToken: string;
  /** who sent it */
  userId: string;
  at: Date;
}

/**
 * Puts each recipient of a send into the book, or brings its entry to what the sender typed
 * this time, and counts the use. Called once per send (its first answer): a replayed send is
 * not a second use. A recipient named twice in one send is one use.
 */
export async function rememberRecipients({ db, previewToken, userId, at }: RememberRecipientsOptions): Promise<void> {
  const record = await db
    .selectFrom('send_records')
    .select(['signers', 'team_id'])
    .where('receipt_hash', '=', receiptHash(previewToken))
    .executeTakeFirst();
  if (!record) return;
  // The book of the team it was sent for (each team keeps its own); no team: the book of no team.
  const teamId = record.team_id;
  const signers = new Map((JSON.parse(record.signers) as RecordedSigner[]).map((s) => [emailKey(s.email), s]));
  const when = at.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const s of signers.values()) {
      // What the sender typed differs from the entry: the entry takes it, as a change of its values.
      const differs = sql<boolean>`(recipients.name <> ${s.name} OR recipients.email <> ${s.email} OR recipients.phone IS NULL OR recipients.phone <> ${s.phone})`;
      await trx
        .insertInto('recipients')
        .values({
          id: newRecipientId(),
          email: s.email,
          email_key: emailKey(s.email),
          name: s.name,
          phone: s.phone,
          search_text: searchTextOf(s.name, s.email),
          added_by: userId,
          source: 'sent',
          use_count: 1,
          last_used_at: when,
          version: 1,
          created_at: when,
          updated_at: when,
          team_id: teamId,
        })
        .onConflict((oc) =>
          (teamId === null
            ? oc.column('email_key').where('team_id', 'is', null)
            : oc.columns(['team_id', 'email_key'])
          ).doUpdateSet((eb) => ({
            name: s.name,
            email: s.email,
            phone: s.phone,
            search_text: searchTextOf(s.name, s.email),
            use_count: eb('recipients.use_count', '+', 1),
            last_used_at: when,
            source: eb
              .case()
              .when(differs)
              .then(sql<'sent'>`'sent'`)
              .else(eb.ref('recipients.source'))
              .end(),
            version: eb
              .case()
              .when(differs)
              .then(eb('recipients.version', '+', 1))
              .else(eb.ref('recipients.version'))
              .end(),
            updated_at: eb.case().when(differs).then(when).else(eb.ref('recipients.updated_at')).end(),
          })),
        )
        .execute();
    }
  });
}
