import { zodResolver } from '@hookform/resolvers/zod';
import { recipientFieldsSchema } from '@/lib/recipients/schemas';

// The edit form's checks (the send form's rules for a signer), imported lazily (lazyResolver):
// zod loads at the first Save, not with the book's list.
export const recipientResolver = zodResolver(recipientFieldsSchema);
