// Shared by the reviewer form and its lazily loaded check (sandbox-resolvers.ts), which holds zod.

/** A requirement row left wholly empty: no requirement at all. */
export const isBlank = (r: { field_key: string; message: string }) => !r.field_key && !r.message.trim();
