import type { Recipient } from '@/lib/recipients/schemas';

/**
 * The book's entries as a native <datalist> for a name or an e-mail input (`list={id}`): the
 * browser shows and filters them, by keyboard and pointer, with no script of ours; each offers
 * the other value beside it, so two of one name can be told apart.
 */
export function RecipientOptions({
  id,
  recipients,
  field,
}: {
  id: string;
  recipients: readonly Recipient[];
  field: 'name' | 'email';
}) {
  return (
    <datalist id={id}>
      {recipients.map((r) =>
        field === 'email' ? (
          <option key={r.id} value={r.email} label={r.phone ? `${r.name} · ${r.phone}` : r.name} />
        ) : (
          <option key={r.id} value={r.name} label={r.email} />
        ),
      )}
    </datalist>
  );
}
