/**
 * How old a catalog read (categories, request templates, approval workflows with their
 * releases and schemas, request forms, document-sign templates) may be when the console
 * answers it from its own cache. Another instance's write, or one made outside Signdesk,
 * shows after at most this long; this instance's own writes show at once. Each kind's `freshMs`
 * in kinds.ts, where a kind could be given another.
 */
export const CATALOG_FRESH_MS = 3_000;
