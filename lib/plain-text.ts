import type { z } from 'zod';

// Names, references and searches are shown in lists, read back in CSVs and matched as typed.
// A NUL matched every record in a search, and a right-to-left override (U+202E) makes
// "INV-‮fdp.exe" read as "INV-exe.pdf": neither is anything a person types, so both are
// refused where the text comes in, as the sandbox does for file names.

/** C0 and C1 controls (tab and line breaks included), and the direction embeddings, overrides and isolates. */
export const CONTROL_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

export const CONTROL_CHARACTERS_MESSAGE = 'Remove the control or text-direction characters (such as NUL or U+202E)';

/** The same string schema, refusing control and text-direction characters. */
export const plainText = <T extends z.ZodString>(schema: T): T =>
  schema.refine((text) => !CONTROL_CHARACTERS.test(text), CONTROL_CHARACTERS_MESSAGE) as T;
