// Text that arrives as bytes is decoded strictly: bytes that are not UTF-8 (stray bytes,
// overlong forms, encoded surrogates, code points past U+10FFFF) are refused by the caller
// instead of being stored as U+FFFD. A BOM is kept, so JSON.parse refuses it as before.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text, or null when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}
