import type { FieldDescriptor } from '@/lib/submission-schema/fields';

// One entry of a list field is named in the singular ("Signatory e-mail 1", not "Signatories 1"):
// the schema's `items.title` when it has one, else the list's own title made singular.

/** English plurals as list titles use them; a title that is no plural of these gets "entry". */
function singular(title: string): string {
  if (/[^aeiou]ies$/i.test(title)) return title.slice(0, -3) + 'y';
  if (/(ss|x|ch|sh|zz)es$/i.test(title)) return title.slice(0, -2);
  if (/[^su]s$/i.test(title)) return title.slice(0, -1);
  return `${title} entry`;
}

/** The name of one entry of `list` (an array field), without its number. */
export function entryName(list: FieldDescriptor): string {
  const item = list.item;
  // An item without a title is titled with its array's key by the schema reader.
  if (item && item.title && item.title !== list.key) return item.title;
  return singular(list.title);
}
