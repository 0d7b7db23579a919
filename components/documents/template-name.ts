/** The name a template made from this document gets unless given one (the sandbox's designer does the same): no ".pdf". */
export const templateNameOf = (documentName: string) => documentName.replace(/\.pdf$/i, '').trim();
